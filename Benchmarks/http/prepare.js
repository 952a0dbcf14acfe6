'use strict';
// Prepares a seeded database for the HTTP benchmark, through Kitchen's own API:
// a viewer `benchviewer` who follows the 30 busiest authors and has a cart of 10 lines in
// 4 shops. Then writes the request bodies (Q0…Q4, M1a/M1b) and the viewer's token.
//
//   node prepare.js --db FILE --kitchen http://127.0.0.1:PORT/graphql --out DIR

const fs = require('node:fs');
const path = require('node:path');
const sqlite3 = require('sqlite3');

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) throw new Error(`--${name} is required`);
  return process.argv[at + 1];
}
const databasePath = option('db');
const kitchen = option('kitchen');
const out = option('out');
const queries = path.join(__dirname, 'queries');

function all(db, sql) {
  return new Promise((resolve, reject) => db.all(sql, (error, rows) => (error ? reject(error) : resolve(rows))));
}

async function call(query, variables = {}, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(kitchen, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return response.json();
}

async function must(query, variables, token) {
  const result = await call(query, variables, token);
  if (result.errors) throw new Error(`${query}: ${JSON.stringify(result.errors)}`);
  return result.data;
}

const globalID = (type, id) => Buffer.from(`${type}:${id}`).toString('base64url');

async function main() {
  const db = await new Promise((resolve, reject) => {
    const handle = new sqlite3.Database(databasePath, sqlite3.OPEN_READONLY, (e) => (e ? reject(e) : resolve(handle)));
  });
  const [recipe] = await all(
    db,
    `SELECT target_id AS id FROM comments WHERE target_kind = 'recipe'
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  const authors = await all(db, 'SELECT author_id AS id FROM dishes GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 30');
  const kinds = await all(
    db,
    `SELECT g.shop_id AS shop, g.id AS goods, min(k.id) AS kind FROM goods g
     JOIN kinds k ON k.goods_id = g.id AND k.stock >= 10
     WHERE g.listed = 1 GROUP BY g.id ORDER BY g.shop_id, g.id`,
  );
  db.close();

  const byShop = new Map();
  for (const row of kinds) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row]);
  const shops = [...byShop.values()].filter((list) => list.length >= 3).slice(0, 4);
  if (shops.length < 4) throw new Error('the database has fewer than 4 shops with 3 goods in stock');
  const lines = [...shops[0].slice(0, 3), ...shops[1].slice(0, 3), ...shops[2].slice(0, 2), ...shops[3].slice(0, 2)];

  const credentials = { username: 'benchviewer', password: 'bench-password-42' };
  let auth = await call(
    'mutation($input: SignUpInput!) { signUp(input: $input) { token } }',
    { input: { ...credentials, name: 'Bench Viewer' } },
  );
  const token = auth.data
    ? auth.data.signUp.token
    : (await must('mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token } }', {
        u: credentials.username,
        p: credentials.password,
      })).signIn.token;

  for (const author of authors) {
    await call('mutation($id: ID!) { follow(userId: $id) { id } }', { id: globalID('User', author.id) }, token);
  }
  const cart = await must('{ cart { shops { items { id } } } }', {}, token);
  const existing = cart.cart.shops.flatMap((shop) => shop.items.map((item) => item.id));
  if (existing.length) {
    await must('mutation($ids: [ID!]!) { removeCartItems(itemIds: $ids) { totalQuantity } }', { ids: existing }, token);
  }
  for (const line of lines) {
    await must(
      'mutation($g: ID!, $k: ID!) { addToCart(goodsId: $g, kindId: $k, quantity: 1) { totalQuantity } }',
      { g: globalID('Goods', line.goods), k: globalID('Kind', line.kind) },
      token,
    );
  }
  const filled = await must('{ cart { shops { items { id } } } }', {}, token);
  const item = filled.cart.shops[0].items[0].id;

  fs.mkdirSync(out, { recursive: true });
  const body = (name, variables) =>
    JSON.stringify({ query: fs.readFileSync(path.join(queries, `${name}.graphql`), 'utf8'), variables });
  const bodies = {
    Q0: body('Q0', {}),
    Q1: body('Q1', { id: globalID('Recipe', recipe.id) }),
    Q2: body('Q2', {}),
    Q3: body('Q3', { keyword: '鸡蛋' }),
    Q4: body('Q4', {}),
    M1a: body('M1', { item, quantity: 2 }),
    M1b: body('M1', { item, quantity: 1 }),
  };
  for (const [name, text] of Object.entries(bodies)) fs.writeFileSync(path.join(out, `${name}.json`), text);
  fs.writeFileSync(path.join(out, 'token'), token);
  console.log(`prepared: recipe ${recipe.id}, ${authors.length} followed, cart of ${lines.length} lines in 4 shops`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
