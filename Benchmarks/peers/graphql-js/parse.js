'use strict';
// graphql-js's parse throughput, measured as Benchmarks/Sources/ParseBenchmark.swift measures
// Kitchen's: the median of 11 batches, each at least 25 ms of process CPU time (CPU time, so
// that other load on a shared machine does not count).
// Usage: node parse.js name=path … ; prints "name<TAB>MB/s" per document (1 MB = 10^6 bytes).
const { parse, version } = require('graphql');
const fs = require('fs');

function secondsFor(iterations, text) {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) parse(text);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

console.log(`version\t${version}`);
const documents = process.argv.slice(2).map((argument) => {
  const [name, path] = argument.split('=');
  return { name, text: fs.readFileSync(path, 'utf8') };
});
// Warm up first, every document, so that the JIT has compiled and settled before any
// sample (its compiler threads' CPU time would otherwise count against the first one).
for (const { text } of documents) {
  let iterations = 1;
  while (secondsFor(iterations, text) < 0.3) iterations *= 2;
}
for (const { name, text } of documents) {
  const bytes = Buffer.byteLength(text, 'utf8');
  let iterations = 1;
  while (secondsFor(iterations, text) < 0.025) iterations *= 2;
  const perCall = [];
  for (let sample = 0; sample < 11; sample++) {
    perCall.push(secondsFor(iterations, text) / iterations);
  }
  perCall.sort((a, b) => a - b);
  const median = perCall[Math.floor(perCall.length / 2)];
  console.log(`${name}\t${bytes / median / 1e6}`);
}
