'use strict';
// Sends N requests one after another (bodies in turn) and checks each answer is 200 with
// no errors: the driver of profile.sh, where exact counts matter, not speed. It asks for
// answers uncompressed, as wrk (http.sh) does: fetch would otherwise ask for gzip and the
// count would include compressing every answer, which the wall-clock runs never pay.
//
//   node send.js URL TOKEN_FILE BODY[,BODY…] N

const fs = require('node:fs');
const [url, tokenFile, bodyList, count] = process.argv.slice(2);
const token = fs.readFileSync(tokenFile, 'utf8').trim();
const bodies = bodyList.split(',').map((file) => fs.readFileSync(file, 'utf8'));

async function main() {
  for (let i = 0; i < Number(count); i++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Encoding': 'identity',
        Authorization: `Bearer ${token}`,
      },
      body: bodies[i % bodies.length],
    });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"errors"')) {
      console.error(`request ${i}: ${response.status} ${text.slice(0, 300)}`);
      process.exit(1);
    }
  }
}

main();
