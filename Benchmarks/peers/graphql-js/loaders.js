'use strict';
// Per-request batch loading (the DataLoader pattern) and the SQL behind it.
//
// Every `load(key)` made while graphql-js resolves one level of a query is collected and
// answered by one statement (`WHERE id IN (…)`), so the number of statements depends on
// the query's shape, not on the length of its lists. Loaders live for one request: no data
// is cached across requests, exactly as in Kitchen.

const resolved = Promise.resolve();

/** Collects keys until the current batch of promise jobs has run, then loads them at once. */
class Loader {
  constructor(batch) {
    this.batch = batch; // (keys) => Promise<Map<key, value>>
    this.cache = new Map();
    this.pending = null;
  }

  load(key) {
    let promise = this.cache.get(key);
    if (promise) return promise;
    if (!this.pending) {
      const pending = (this.pending = { keys: [], callbacks: [] });
      resolved.then(() => process.nextTick(() => this.dispatch(pending)));
    }
    const pending = this.pending;
    promise = new Promise((resolve, reject) => {
      pending.keys.push(key);
      pending.callbacks.push({ resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  dispatch(pending) {
    this.pending = null;
    this.batch(pending.keys).then(
      (values) => pending.keys.forEach((key, i) => pending.callbacks[i].resolve(values.get(key))),
      (error) => pending.callbacks.forEach((callback) => callback.reject(error)),
    );
  }
}

/** Prepared statements on one node-sqlite3 connection, cached by SQL text. */
class Statements {
  constructor(db) {
    this.db = db;
    this.cache = new Map();
  }

  prepared(sql) {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }

  all(sql, params) {
    return new Promise((resolve, reject) => {
      this.prepared(sql).all(params, (error, rows) => (error ? reject(error) : resolve(rows)));
    });
  }

  /** The first row. (`Statement.get` would leave the statement, and so a read transaction, open.) */
  get(sql, params) {
    return this.all(sql, params).then((rows) => rows[0]);
  }

  run(sql, params) {
    return new Promise((resolve, reject) => {
      this.prepared(sql).run(params, function (error) {
        return error ? reject(error) : resolve(this.changes);
      });
    });
  }

  /** `?, ?, ?` for an IN list of `count` values; one prepared statement per count. */
  static placeholders(count) {
    return new Array(count).fill('?').join(', ');
  }
}

/** Groups rows by a column into a Map of arrays (rows keep their SQL order). */
function groupBy(rows, column) {
  const groups = new Map();
  for (const row of rows) {
    const list = groups.get(row[column]);
    if (list) list.push(row);
    else groups.set(row[column], [row]);
  }
  return groups;
}

/** Rows keyed by a unique column. */
function indexBy(rows, column) {
  const index = new Map();
  for (const row of rows) index.set(row[column], row);
  return index;
}

/** The loaders of one request over the reader's statements. */
function makeLoaders(sql) {
  const byIDs = (text, map) => (ids) =>
    sql.all(text.replace('%s', Statements.placeholders(ids.length)), ids).then(map);
  const counts = (text) =>
    byIDs(text, (rows) => {
      const result = new Map(rows.map((row) => [row.parent, row.n]));
      return { get: (id) => result.get(id) ?? 0 };
    });
  const listsOf = (text, column) =>
    byIDs(text, (rows) => {
      const groups = groupBy(rows, column);
      return { get: (id) => groups.get(id) ?? [] };
    });
  return {
    users: new Loader(
      byIDs(
        'SELECT id, username, name, avatar_url, bio, is_member, joined_at FROM users WHERE id IN (%s)',
        (rows) => indexBy(rows, 'id'),
      ),
    ),
    recipes: new Loader(
      byIDs(
        `SELECT id, author_id, name, description, cover_url, tips, created_at
         FROM recipes WHERE id IN (%s)`,
        (rows) => indexBy(rows, 'id'),
      ),
    ),
    dishes: new Loader(
      byIDs(
        'SELECT id, author_id, recipe_id, description, meal, created_at FROM dishes WHERE id IN (%s)',
        (rows) => indexBy(rows, 'id'),
      ),
    ),
    ingredients: new Loader(
      listsOf(
        `SELECT recipe_id, name, amount FROM recipe_ingredients
         WHERE recipe_id IN (%s) ORDER BY recipe_id, position`,
        'recipe_id',
      ),
    ),
    steps: new Loader(
      listsOf(
        `SELECT recipe_id, position, text, image_url FROM recipe_steps
         WHERE recipe_id IN (%s) ORDER BY recipe_id, position`,
        'recipe_id',
      ),
    ),
    dishPhotos: new Loader(
      listsOf(
        `SELECT dish_id, url, width, height FROM dish_photos
         WHERE dish_id IN (%s) ORDER BY dish_id, position`,
        'dish_id',
      ),
    ),
    dishLikes: new Loader(
      counts('SELECT dish_id AS parent, count(*) AS n FROM dish_likes WHERE dish_id IN (%s) GROUP BY 1'),
    ),
    recipeComments: new Loader(
      counts(`SELECT target_id AS parent, count(*) AS n FROM comments
              WHERE target_kind = 'recipe' AND target_id IN (%s) GROUP BY 1`),
    ),
    dishComments: new Loader(
      counts(`SELECT target_id AS parent, count(*) AS n FROM comments
              WHERE target_kind = 'dish' AND target_id IN (%s) GROUP BY 1`),
    ),
    shops: new Loader(
      byIDs(
        `SELECT id, name, logo_url, announcement, shipping_fee_cents, free_shipping_threshold_cents
         FROM shops WHERE id IN (%s)`,
        (rows) => indexBy(rows, 'id'),
      ),
    ),
    goods: new Loader(
      byIDs(
        'SELECT id, shop_id, name, foreword, description, sales_count FROM goods WHERE id IN (%s)',
        (rows) => indexBy(rows, 'id'),
      ),
    ),
    kinds: new Loader(
      byIDs(
        `SELECT id, goods_id, name, price_cents, original_price_cents, member_price_cents, stock
         FROM kinds WHERE id IN (%s)`,
        (rows) => indexBy(rows, 'id'),
      ),
    ),
    threads: new Map(), // one loader of comment pages per (kind, first, after)
    likedBy: null, // made once the viewer is known
  };
}

module.exports = { Loader, Statements, makeLoaders, groupBy, indexBy };
