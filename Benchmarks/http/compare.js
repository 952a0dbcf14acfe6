'use strict';
// Checks that Kitchen and the peer return byte-identical `data` for every benchmark request
// (no errors on either side) before anything is measured. Exits 1 on any difference.
//
//   node compare.js --dir DIR --kitchen URL --peer URL NAME...

const fs = require('node:fs');
const path = require('node:path');

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return process.argv[at + 1];
}
const dir = option('dir');
const urls = { kitchen: option('kitchen'), peer: option('peer') };
const names = process.argv.slice(2).filter((arg, i, args) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const token = fs.readFileSync(path.join(dir, 'token'), 'utf8').trim();

/** The `data` member of a response exactly as the server wrote it. */
function rawData(text) {
  const parsed = JSON.parse(text);
  if (parsed.errors) throw new Error(`errors: ${JSON.stringify(parsed.errors).slice(0, 300)}`);
  return { canonical: JSON.stringify(parsed.data), bytes: Buffer.byteLength(text) };
}

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body,
  });
  return response.text();
}

async function main() {
  let failed = false;
  for (const name of names) {
    const body = fs.readFileSync(path.join(dir, `${name}.json`), 'utf8');
    const results = {};
    for (const side of ['kitchen', 'peer']) {
      try {
        results[side] = rawData(await post(urls[side], body));
      } catch (error) {
        console.error(`${name}: ${side} failed: ${error.message}`);
        failed = true;
      }
    }
    if (!results.kitchen || !results.peer) continue;
    if (results.kitchen.canonical !== results.peer.canonical) {
      failed = true;
      const a = results.kitchen.canonical, b = results.peer.canonical;
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      console.error(`${name}: data differ at ${at}:\n  kitchen …${a.slice(Math.max(0, at - 60), at + 80)}\n  peer    …${b.slice(Math.max(0, at - 60), at + 80)}`);
    } else {
      console.log(`${name}: identical data (${results.kitchen.canonical.length} characters; responses ${results.kitchen.bytes} and ${results.peer.bytes} bytes)`);
    }
  }
  process.exit(failed ? 1 : 0);
}

main();
