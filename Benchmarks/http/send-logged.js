'use strict';
// Sends varied requests of one case to a Kitchen whose SQL sql-log.c writes to LOG, one
// after another, writing `-- request` to LOG before each: the log sql-floor.c replays.
//
//   node send-logged.js URL DIR CASE COUNT LOG

const fs = require('node:fs');
const path = require('node:path');
const [url, dir, name, count, log] = process.argv.slice(2);
const lines = (file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
const template = fs.readFileSync(path.join(dir, `${name}.body`), 'utf8');
const values = name === 'Q1' ? lines('recipes.txt') : lines('keywords.txt');

async function main() {
  for (let i = 0; i < Number(count); i++) {
    const value = values[Math.floor((i * values.length) / Number(count))];
    const variables = name === 'Q1' ? { id: value } : { keyword: value };
    fs.appendFileSync(log, '-- request\n');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: template.replace('__VARS__', JSON.stringify(variables)),
    });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"errors"')) {
      console.error(`request ${i}: ${response.status} ${text.slice(0, 300)}`);
      process.exit(1);
    }
  }
}

main();
