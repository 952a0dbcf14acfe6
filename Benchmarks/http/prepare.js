'use strict';
// Prepares a seeded database for the HTTP benchmark, through Kitchen's own API, and writes
// the lists each benchmark request is drawn from:
//
//   viewers.txt   one signed-in viewer a line: token, cart line IDs, goods:kind pairs of the
//                 cart (tab-separated; the lists comma-separated). Each of the --viewers
//                 viewers (`bench1`…) follows 30 of the 200 busiest authors and has a cart
//                 of 10 lines in 4 shops, all drawn at random (seeded: the same every run).
//   recipes.txt   3,000 recipe IDs drawn from the data
//   keywords.txt  search keywords taken from the data: two-character Chinese words and
//                 English words found in recipe names and ingredients (at least 100)
//   dishes.txt    2,000 dish IDs, for likes
//   CASE.body     each case's JSON body, `__VARS__` standing for its variables
//   Q0…Q4.json, M1a.json, M1b.json, token: one fixed request per case and the first
//                 viewer's token (profile.sh and the static limit use them)
//
//   node prepare.js --db FILE --kitchen http://127.0.0.1:PORT/graphql --out DIR [--viewers 50]

const fs = require('node:fs');
const path = require('node:path');
const sqlite3 = require('sqlite3');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0 && fallback === undefined) throw new Error(`--${name} is required`);
  return at < 0 ? fallback : process.argv[at + 1];
}
const databasePath = option('db');
const kitchen = option('kitchen');
const out = option('out');
const viewerCount = Number(option('viewers', '50'));
const queries = path.join(__dirname, 'queries');

/** SplitMix64 on BigInt: the same draws on every run. */
function random(seed) {
  let state = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  return (bound) => {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return Number((z ^ (z >> 31n)) % BigInt(bound));
  };
}
const draw = random(26);
function sample(list, count) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = draw(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

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

/** Two-character Chinese words and English words of the recipes' names and ingredients. */
function keywords(names, count) {
  const chinese = new Map();
  const english = new Map();
  for (const text of names) {
    const seen = new Set();
    for (const run of text.match(/[\u4e00-\u9fff]+/gu) ?? []) {
      for (let i = 0; i + 2 <= run.length; i++) seen.add(run.slice(i, i + 2));
    }
    for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) seen.add(`en:${word}`);
    for (const word of seen) {
      const map = word.startsWith('en:') ? english : chinese;
      map.set(word.replace(/^en:/, ''), (map.get(word.replace(/^en:/, '')) ?? 0) + 1);
    }
  }
  const frequent = (map) => [...map.entries()].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const zh = frequent(chinese).map(([word]) => word);
  const en = frequent(english).map(([word]) => word);
  const picked = [...zh.slice(0, Math.max(count - Math.min(en.length, 40), 60)), ...en.slice(0, 40)];
  return picked.slice(0, Math.max(count, picked.length));
}

/** What one viewer follows and puts in the cart, drawn before any request is sent so that
 * every run draws the same (requests finish in any order). */
function planViewer(authors, shops) {
  const follows = sample(authors, 30);
  const four = sample(shops, 4);
  const lines = [...sample(four[0], 3), ...sample(four[1], 3), ...sample(four[2], 2), ...sample(four[3], 2)];
  return { follows, lines };
}

async function prepareViewer(n, { follows, lines }) {
  const credentials = { username: `bench${n}`, password: 'bench-password-42' };
  const auth = await call('mutation($input: SignUpInput!) { signUp(input: $input) { token } }', {
    input: { ...credentials, name: `Bench Viewer ${n}` },
  });
  const token = auth.data
    ? auth.data.signUp.token
    : (await must('mutation($u: String!, $p: String!) { signIn(username: $u, password: $p) { token } }', {
        u: credentials.username,
        p: credentials.password,
      })).signIn.token;
  // Exactly the drawn 30: a follow an earlier run left (of another draw) is undone.
  const wanted = new Set(follows.map((author) => globalID('User', author)));
  const followed = await must('{ viewer { following(first: 100) { nodes { id } } } }', {}, token);
  for (const { id } of followed.viewer.following.nodes) {
    if (!wanted.has(id)) await must('mutation($id: ID!) { unfollow(userId: $id) { id } }', { id }, token);
  }
  for (const id of wanted) await must('mutation($id: ID!) { follow(userId: $id) { id } }', { id }, token);
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
  const filled = await must('{ cart { shops { items { id goods { id } kind { id } } } } }', {}, token);
  const items = filled.cart.shops.flatMap((shop) => shop.items);
  return [token, items.map((item) => item.id).join(','), items.map((item) => `${item.goods.id}:${item.kind.id}`).join(',')];
}

async function main() {
  const db = await new Promise((resolve, reject) => {
    const handle = new sqlite3.Database(databasePath, sqlite3.OPEN_READONLY, (e) => (e ? reject(e) : resolve(handle)));
  });
  const recipeIDs = (await all(db, 'SELECT id FROM recipes ORDER BY id')).map((row) => row.id);
  const texts = (await all(db, `SELECT r.name || ' ' || coalesce(group_concat(i.name, ' '), '') AS text
    FROM recipes r LEFT JOIN recipe_ingredients i ON i.recipe_id = r.id GROUP BY r.id`)).map((row) => row.text);
  const authors = (await all(db, 'SELECT author_id AS id FROM dishes GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 200')).map((row) => row.id);
  const kinds = await all(
    db,
    `SELECT g.shop_id AS shop, g.id AS goods, min(k.id) AS kind FROM goods g
     JOIN kinds k ON k.goods_id = g.id AND k.stock >= 50
     WHERE g.listed = 1 GROUP BY g.id ORDER BY g.shop_id, g.id`,
  );
  const dishIDs = (await all(db, 'SELECT id FROM dishes ORDER BY id')).map((row) => row.id);
  db.close();

  const byShop = new Map();
  for (const row of kinds) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row]);
  const shops = [...byShop.values()].filter((list) => list.length >= 3);
  if (shops.length < 4) throw new Error('the database has fewer than 4 shops with 3 goods in stock');

  // The shared lists first, then each viewer's plan: the same draws whatever --viewers is.
  const recipes = sample(recipeIDs, 3000).map((id) => globalID('Recipe', id));
  const dishes = sample(dishIDs, 2000).map((id) => globalID('Dish', id));
  const plans = Array.from({ length: viewerCount }, () => planViewer(authors, shops));
  const viewers = [];
  for (let n = 1; n <= viewerCount; n += 5) {
    const batch = [];
    for (let m = n; m < n + 5 && m <= viewerCount; m++) batch.push(prepareViewer(m, plans[m - 1]));
    viewers.push(...(await Promise.all(batch)));
  }
  const words = keywords(texts, 120);

  fs.mkdirSync(out, { recursive: true });
  const write = (name, lines) => fs.writeFileSync(path.join(out, name), `${lines.join('\n')}\n`);
  write('viewers.txt', viewers.map((fields) => fields.join('\t')));
  write('recipes.txt', recipes);
  write('keywords.txt', words);
  write('dishes.txt', dishes);
  const text = (name) => fs.readFileSync(path.join(queries, `${name}.graphql`), 'utf8');
  const template = (name) => JSON.stringify({ query: text(name), variables: '__VARS__' }).replace('"__VARS__"', '__VARS__');
  for (const name of ['Q0', 'Q1', 'Q2', 'Q3', 'Q4', 'M1', 'AddToCart', 'AddComment', 'LikeDish']) {
    fs.writeFileSync(path.join(out, `${name}.body`), template(name));
  }
  const body = (name, variables) => JSON.stringify({ query: text(name), variables });
  const firstItem = viewers[0][1].split(',')[0];
  const fixed = {
    Q0: body('Q0', {}),
    Q1: body('Q1', { id: recipes[0] }),
    Q2: body('Q2', {}),
    Q3: body('Q3', { keyword: words[0] }),
    Q4: body('Q4', {}),
    M1a: body('M1', { item: firstItem, quantity: 2 }),
    M1b: body('M1', { item: firstItem, quantity: 1 }),
  };
  for (const [name, value] of Object.entries(fixed)) fs.writeFileSync(path.join(out, `${name}.json`), value);
  fs.writeFileSync(path.join(out, 'token'), viewers[0][0]);
  console.log(
    `prepared: ${viewers.length} viewers (30 follows, 10 cart lines in 4 shops each), ` +
      `${recipes.length} recipes, ${words.length} keywords, ${dishes.length} dishes`,
  );
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
