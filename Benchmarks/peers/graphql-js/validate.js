'use strict';
// graphql-js's validation time, measured as Benchmarks/Sources/ValidateBenchmark.swift
// measures Kitchen's: the schema built and each document parsed once, then the median of 11
// batches of `validate(schema, document)`, each at least 25 ms of process CPU time.
// Usage: node validate.js SCHEMA.graphql name=path … ; prints "name<TAB>µs" per document.
const { buildSchema, parse, validate, version } = require('graphql');
const fs = require('fs');

function secondsFor(iterations, schema, document) {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) validate(schema, document);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const [schemaPath, ...documentArguments] = process.argv.slice(2);
const schema = buildSchema(fs.readFileSync(schemaPath, 'utf8'));
console.log(`version\t${version}`);
const documents = documentArguments.map((argument) => {
  const [name, path] = argument.split('=');
  const document = parse(fs.readFileSync(path, 'utf8'));
  const errors = validate(schema, document);
  if (errors.length > 0) {
    throw new Error(`${name} is not valid: ${errors.map((error) => error.message).join('; ')}`);
  }
  return { name, document };
});
// Warm up first, every document, so that the JIT has compiled and settled before any sample.
for (const { document } of documents) {
  let iterations = 1;
  while (secondsFor(iterations, schema, document) < 0.3) iterations *= 2;
}
for (const { name, document } of documents) {
  let iterations = 1;
  while (secondsFor(iterations, schema, document) < 0.025) iterations *= 2;
  const perCall = [];
  for (let sample = 0; sample < 11; sample++) {
    perCall.push(secondsFor(iterations, schema, document) / iterations);
  }
  perCall.sort((a, b) => a - b);
  console.log(`${name}\t${perCall[Math.floor(perCall.length / 2)] * 1e6}`);
}
