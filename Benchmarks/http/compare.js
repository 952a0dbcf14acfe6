'use strict';
// Checks that Kitchen and the peer return byte-identical `data` for a sample of the
// benchmark's varied requests (no errors on either side) before anything is measured, and
// that both answer the mixed case's writes without errors. Exits 1 on any difference.
//
//   node compare.js --dir DIR --kitchen URL --peer URL

const fs = require('node:fs');
const path = require('node:path');

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return process.argv[at + 1];
}
const dir = option('dir');
const urls = { kitchen: option('kitchen'), peer: option('peer') };
const lines = (name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean);
const viewers = lines('viewers.txt').map((line) => {
  const [token, items, kinds] = line.split('\t');
  return { token, items: items.split(','), kinds: kinds.split(',').map((pair) => pair.split(':')) };
});
const template = (name) => fs.readFileSync(path.join(dir, `${name}.body`), 'utf8');
const body = (name, variables) => template(name).replace('__VARS__', JSON.stringify(variables));

/** Every `step`-th element of a list, `count` of them. */
const spread = (list, count) => Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]);

async function post(url, token, text) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: text,
  });
  const parsed = JSON.parse(await response.text());
  if (parsed.errors) throw new Error(`errors: ${JSON.stringify(parsed.errors).slice(0, 300)}`);
  return JSON.stringify(parsed.data);
}

async function main() {
  const reads = [['Q0', viewers[0], body('Q0', {})]];
  for (const id of spread(lines('recipes.txt'), 30)) reads.push(['Q1', viewers[0], body('Q1', { id })]);
  for (const keyword of spread(lines('keywords.txt'), 30)) reads.push(['Q3', viewers[1], body('Q3', { keyword })]);
  for (const viewer of spread(viewers, 10)) {
    reads.push(['Q2', viewer, body('Q2', {})], ['Q4', viewer, body('Q4', {})]);
    reads.push(['M1', viewer, body('M1', { item: viewer.items[0], quantity: 2 })]);
    reads.push(['M1', viewer, body('M1', { item: viewer.items[0], quantity: 1 })]);
  }
  let failed = false;
  const counts = {};
  for (const [name, viewer, text] of reads) {
    try {
      const [kitchen, peer] = [await post(urls.kitchen, viewer.token, text), await post(urls.peer, viewer.token, text)];
      if (kitchen !== peer) {
        failed = true;
        let at = 0;
        while (at < kitchen.length && kitchen[at] === peer[at]) at++;
        console.error(`${name} ${text.slice(-80)}: data differ at ${at}:\n  kitchen …${kitchen.slice(Math.max(0, at - 60), at + 80)}\n  peer    …${peer.slice(Math.max(0, at - 60), at + 80)}`);
      } else {
        counts[name] = (counts[name] ?? 0) + 1;
      }
    } catch (error) {
      failed = true;
      console.error(`${name}: ${error.message}`);
    }
  }
  const viewer = viewers[2];
  const writes = [
    ['AddToCart', body('AddToCart', { goods: viewer.kinds[0][0], kind: viewer.kinds[0][1] })],
    ['AddComment', body('AddComment', { target: lines('recipes.txt')[0], text: 'Compared' })],
    ['LikeDish', body('LikeDish', { id: lines('dishes.txt')[0] })],
  ];
  for (const [name, text] of writes) {
    for (const side of ['kitchen', 'peer']) {
      try {
        await post(urls[side], viewer.token, text);
      } catch (error) {
        failed = true;
        console.error(`${name}: ${side} failed: ${error.message}`);
      }
    }
  }
  // The cart lines' quantities back to 1, as they were.
  await post(urls.kitchen, viewer.token, body('M1', { item: viewer.items[0], quantity: 1 })).catch(() => {});
  console.log(`identical data: ${Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ')}; writes answered by both`);
  process.exit(failed ? 1 : 0);
}

main();
