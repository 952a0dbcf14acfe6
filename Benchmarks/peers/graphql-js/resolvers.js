'use strict';
// Resolvers for the fields the benchmark queries use, on Kitchen's own Schema.graphql.
// Encodings are Kitchen's: global IDs are base64url of `Type:rowid` without padding,
// cursors base64 of `c:key:id`, Money amounts "219.10", DateTime RFC 3339 UTC with
// milliseconds only when there are any.

const { GraphQLError } = require('graphql');
const { Loader, Statements, groupBy } = require('./loaders.js');

const globalID = (type, id) => Buffer.from(`${type}:${id}`).toString('base64url');
const cursor = (key, id) => Buffer.from(`c:${key}:${id}`).toString('base64');
const photo = (url) => (url ? { url, width: null, height: null } : null);
const money = (cents) => ({ cents });

function decodeID(text, type, argument) {
  const plain = Buffer.from(String(text), 'base64url').toString('utf8');
  const colon = plain.indexOf(':');
  const id = Number(plain.slice(colon + 1));
  if (colon < 1 || plain.slice(0, colon) !== type || !Number.isSafeInteger(id) || id <= 0) {
    throw new GraphQLError(`"${argument}" must be a ${type} ID; "${text}" is not one.`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return id;
}

function decodeCursor(text) {
  if (text == null) return null;
  const parts = Buffer.from(text, 'base64').toString('utf8').split(':');
  if (parts.length !== 3 || parts[0] !== 'c') {
    throw new GraphQLError(`The cursor "${text}" is not valid.`, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  return { key: BigInt(parts[1]), id: BigInt(parts[2]) };
}

function checkFirst(first) {
  if (first < 0 || first > 100) {
    throw new GraphQLError(`\`first\` must be at most 100; it was ${first}.`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
}

/** A page from up to `first + 1` rows: Kitchen's keyset pages. */
function page(rows, first, after, cursorOf, nodeOf) {
  const edges = rows.slice(0, first).map((row) => ({ cursor: cursorOf(row), node: nodeOf(row) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: after != null,
      startCursor: edges.length ? edges[0].cursor : null,
      endCursor: edges.length ? edges[edges.length - 1].cursor : null,
    },
  };
}

const INT64_MAX = '9223372036854775807';
const INT64_MIN = '-9223372036854775808';

/**
 * Kitchen's search order: tiers by the columns every keyword is found in, best first,
 * newest first within a tier. Each tier has an FTS5 table of its own columns and leaves
 * out the tier before's rows with NOT; one statement whose arms run in turn until the page
 * is full. Parameters: ?1 the tier to start in, ?2 the cursor's id, ?3 the rows wanted,
 * then one MATCH expression per tier.
 */
function searchTiers(tiers) {
  const arms = tiers.map(
    ({ table }, tier) => `SELECT * FROM (SELECT ${tier} AS tier, rowid FROM ${table}
       WHERE ?1 <= ${tier} AND ${table} MATCH ?${tier + 4}
       AND rowid < iif(?1 = ${tier}, ?2, 9223372036854775807)
       ORDER BY rowid DESC LIMIT ?3)`,
  );
  return {
    count: tiers.length,
    sql: `${arms.join('\nUNION ALL ')}\nLIMIT ?3`,
    matches: (expression) =>
      tiers.map(({ excluding }) =>
        excluding ? `(${expression}) NOT (${excluding} : (${expression}))` : expression,
      ),
  };
}
const recipeTiers = searchTiers([
  { table: 'recipe_name_search' },
  { table: 'recipe_name_ingredient_search', excluding: '{name}' },
  { table: 'recipe_search', excluding: '{name ingredients}' },
]);
const userTiers = searchTiers([{ table: 'user_name_search' }, { table: 'user_search', excluding: '{name}' }]);

/** Every CJK character as a token of its own, as Kitchen indexes and searches. */
const CJK = /([\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]|[\u{20000}-\u{323AF}])/gu;
function matchExpression(keyword) {
  const terms = keyword
    .split(/\s+/u)
    .filter((term) => /[\p{Alphabetic}\p{N}]/u.test(term))
    .slice(0, 16);
  if (!terms.length) return null;
  return terms.map((term) => `"${term.replace(CJK, ' $1 ').replace(/"/g, '""')}"`).join(' AND ');
}

function requireViewer(context) {
  if (context.viewerID == null) {
    throw new GraphQLError('You must sign in to see or change this.', {
      extensions: { code: 'UNAUTHENTICATED' },
    });
  }
  return context.viewerID;
}

const recipeNode = (row) => (row ? { ...row, __typename: 'Recipe' } : null);
const dishNode = (row) => (row ? { ...row, __typename: 'Dish' } : null);

/** One loader of comment pages per (kind, first, after): all threads of a level at once. */
function threadLoader(context, kind, first, after) {
  const key = `${kind}:${first}:${after ?? ''}`;
  let loader = context.loaders.threads.get(key);
  if (loader) return loader;
  const bound = decodeCursor(after);
  loader = new Loader(async (ids) => {
    const rows = await context.sql.all(
      `SELECT target_id, created_at, id, author_id, text FROM (
         SELECT target_id, created_at, id, author_id, text,
           row_number() OVER (PARTITION BY target_id ORDER BY created_at, id) AS position
         FROM comments
         WHERE target_kind = ? AND target_id IN (${Statements.placeholders(ids.length)})
           AND (created_at, id) > (?, ?)
       ) WHERE position <= ? ORDER BY target_id, position`,
      [kind, ...ids, bound ? bound.key : INT64_MIN, bound ? bound.id : INT64_MIN, first + 1],
    );
    const groups = groupBy(rows, 'target_id');
    return {
      get: (id) =>
        page(groups.get(id) ?? [], first, after, (row) => cursor(row.created_at, row.id), (row) => row),
    };
  });
  context.loaders.threads.set(key, loader);
  return loader;
}

function comments(kind) {
  return (parent, { first, after }, context) => {
    checkFirst(first);
    return threadLoader(context, kind, first, after).load(parent.id);
  };
}

/** The cart rows of a user, grouped by shop in the order of their first line. */
async function cart(sql, userID) {
  const rows = await sql.all(
    `SELECT ci.id, ci.goods_id, ci.kind_id, ci.quantity, ci.selected, g.shop_id,
       k.price_cents, k.member_price_cents, u.is_member
     FROM cart_items ci
     JOIN kinds k ON k.id = ci.kind_id
     JOIN goods g ON g.id = ci.goods_id
     JOIN users u ON u.id = ci.user_id
     WHERE ci.user_id = ? ORDER BY ci.id`,
    [userID],
  );
  const shops = [];
  const byShop = new Map();
  for (const row of rows) {
    const unitPrice = row.is_member && row.member_price_cents != null ? row.member_price_cents : row.price_cents;
    const line = { ...row, selected: row.selected === 1, unitPrice, lineTotal: unitPrice * row.quantity };
    let group = byShop.get(row.shop_id);
    if (!group) {
      group = { shopID: row.shop_id, items: [] };
      byShop.set(row.shop_id, group);
      shops.push(group);
    }
    group.items.push(line);
  }
  for (const group of shops) {
    group.allSelected = group.items.length > 0 && group.items.every((line) => line.selected);
    group.subtotal = group.items.filter((line) => line.selected).reduce((sum, line) => sum + line.lineTotal, 0);
  }
  const lines = rows.length ? shops.flatMap((group) => group.items) : [];
  const selected = lines.filter((line) => line.selected);
  return {
    shops,
    allSelected: shops.length > 0 && shops.every((group) => group.allSelected),
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    selectedQuantity: selected.reduce((sum, line) => sum + line.quantity, 0),
    selectedSubtotal: shops.reduce((sum, group) => sum + group.subtotal, 0),
  };
}

const resolvers = {
  Query: {
    recipe: (_, { id }, context) => context.loaders.recipes.load(decodeID(id, 'Recipe', 'id')).then(recipeNode),
    feed: async (_, { first, after }, context) => {
      const viewerID = requireViewer(context);
      checkFirst(first);
      const bound = decodeCursor(after);
      const rows = await context.sql.all(
        `SELECT created_at, tie, kind, id FROM (
           SELECT d.created_at, d.id * 2 AS tie, 0 AS kind, d.id
           FROM follows f JOIN dishes d ON d.author_id = f.followee_id WHERE f.follower_id = ?1
           UNION ALL
           SELECT r.created_at, r.id * 2 + 1, 1, r.id
           FROM follows f JOIN recipes r ON r.author_id = f.followee_id WHERE f.follower_id = ?1
         ) WHERE (created_at, tie) < (?2, ?3)
         ORDER BY created_at DESC, tie DESC LIMIT ?4`,
        [viewerID, bound ? bound.key : INT64_MAX, bound ? bound.id : INT64_MAX, first + 1],
      );
      return page(
        rows,
        first,
        after,
        (row) => cursor(row.created_at, row.tie),
        (row) =>
          row.kind === 0
            ? context.loaders.dishes.load(row.id).then(dishNode)
            : context.loaders.recipes.load(row.id).then(recipeNode),
      );
    },
    search: async (_, { keyword, type, first, after }, context) => {
      checkFirst(first);
      if (!keyword.trim()) {
        throw new GraphQLError('keyword must not be blank.', { extensions: { code: 'BAD_USER_INPUT' } });
      }
      const match = matchExpression(keyword);
      if (match == null) return page([], first, after);
      const bound = decodeCursor(after);
      const tiers = type === 'USER' ? userTiers : recipeTiers;
      if (bound && (bound.key < 0n || bound.key >= BigInt(tiers.count))) {
        throw new GraphQLError(`The cursor "${after}" does not come from a search.`, {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      const rows = await context.sql.all(tiers.sql, [
        bound ? bound.key : 0,
        bound ? bound.id : INT64_MAX,
        first + 1,
        ...tiers.matches(match),
      ]);
      const loader = type === 'USER' ? context.loaders.users : context.loaders.recipes;
      const node = type === 'USER' ? (row) => row && { ...row, __typename: 'User' } : recipeNode;
      return page(
        rows,
        first,
        after,
        (row) => cursor(row.tier, row.rowid),
        (row) => loader.load(row.rowid).then(node),
      );
    },
    cart: (_, __, context) => cart(context.sql, requireViewer(context)),
  },
  Mutation: {
    addToCart: (_, { goodsId, kindId, quantity }, context) => {
      const viewerID = requireViewer(context);
      const goodsID = decodeID(goodsId, 'Goods', 'goodsId');
      const kindID = kindId == null ? null : decodeID(kindId, 'Kind', 'kindId');
      if (quantity < 1) {
        throw new GraphQLError(`The quantity to add must be at least 1; it was ${quantity}.`, {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      return context.write(async (sql) => {
        const kinds = await sql.all('SELECT id, stock FROM kinds WHERE goods_id = ? ORDER BY position', [goodsID]);
        if (!kinds.length) throw new GraphQLError('No goods has this ID.', { extensions: { code: 'NOT_FOUND' } });
        const kind = kindID == null ? (kinds.length === 1 ? kinds[0] : null) : kinds.find((k) => k.id === kindID);
        if (!kind) {
          throw new GraphQLError(kindID == null ? `This goods comes in ${kinds.length} kinds; choose one with kindId.`
            : 'This goods has no kind with this ID.', { extensions: { code: kindID == null ? 'BAD_USER_INPUT' : 'NOT_FOUND' } });
        }
        const line = await sql.get('SELECT quantity FROM cart_items WHERE user_id = ? AND kind_id = ?', [viewerID, kind.id]);
        const existing = line ? line.quantity : 0;
        if (existing + quantity > kind.stock) {
          throw new GraphQLError(`Only ${kind.stock} left`, { extensions: { code: 'INSUFFICIENT_STOCK' } });
        }
        await sql.run(
          `INSERT INTO cart_items (user_id, goods_id, kind_id, quantity, selected, added_at) VALUES (?, ?, ?, ?, 1, ?)
           ON CONFLICT (user_id, kind_id) DO UPDATE SET quantity = quantity + excluded.quantity`,
          [viewerID, goodsID, kind.id, quantity, Date.now()],
        );
        return cart(sql, viewerID);
      });
    },
    addComment: (_, { targetId, text }, context) => {
      const viewerID = requireViewer(context);
      const recipeID = decodeID(targetId, 'Recipe', 'targetId');
      const trimmed = text.trim();
      if (!trimmed || [...trimmed].length > 2000) {
        throw new GraphQLError('A comment is 1 to 2000 characters.', { extensions: { code: 'BAD_USER_INPUT' } });
      }
      return context.write(async (sql) => {
        if (!(await sql.get('SELECT 1 AS found FROM recipes WHERE id = ?', [recipeID]))) {
          throw new GraphQLError('Nothing to comment on has this ID.', { extensions: { code: 'NOT_FOUND' } });
        }
        const createdAt = Date.now();
        await sql.run(
          `INSERT INTO comments (target_kind, target_id, author_id, text, reply_to_id, created_at)
           VALUES ('recipe', ?, ?, ?, NULL, ?)`,
          [recipeID, viewerID, trimmed, createdAt],
        );
        const row = await sql.get('SELECT last_insert_rowid() AS id', []);
        return { id: row.id, author_id: viewerID, text: trimmed, created_at: createdAt };
      });
    },
    likeDish: (_, { id }, context) => {
      const viewerID = requireViewer(context);
      const dishID = decodeID(id, 'Dish', 'id');
      return context.write(async (sql) => {
        const dish = await sql.get(
          'SELECT id, author_id, recipe_id, description, meal, created_at FROM dishes WHERE id = ?',
          [dishID],
        );
        if (!dish) throw new GraphQLError('No dish has this ID.', { extensions: { code: 'NOT_FOUND' } });
        await sql.run(
          'INSERT INTO dish_likes (dish_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT (dish_id, user_id) DO NOTHING',
          [dishID, viewerID, Date.now()],
        );
        return dishNode(dish);
      });
    },
    setItemQuantity: (_, { itemId, quantity }, context) => {
      const viewerID = requireViewer(context);
      const itemID = decodeID(itemId, 'CartItem', 'itemId');
      return context.write(async (sql) => {
        const row = await sql.get(
          'SELECT k.stock FROM cart_items ci JOIN kinds k ON k.id = ci.kind_id WHERE ci.id = ? AND ci.user_id = ?',
          [itemID, viewerID],
        );
        if (!row) {
          throw new GraphQLError('No line of your cart has this ID.', { extensions: { code: 'NOT_FOUND' } });
        }
        if (quantity < 0 || quantity > row.stock) {
          throw new GraphQLError(`The quantity must be 0 up to ${row.stock}; it was ${quantity}.`, {
            extensions: { code: quantity < 0 ? 'BAD_USER_INPUT' : 'INSUFFICIENT_STOCK' },
          });
        }
        if (quantity === 0) await sql.run('DELETE FROM cart_items WHERE id = ?', [itemID]);
        else await sql.run('UPDATE cart_items SET quantity = ? WHERE id = ?', [quantity, itemID]);
        return cart(sql, viewerID);
      });
    },
  },
  User: {
    id: (user) => globalID('User', user.id),
    avatar: (user) => photo(user.avatar_url),
    isMember: (user) => user.is_member === 1,
    joinedAt: (user) => user.joined_at,
  },
  Recipe: {
    id: (recipe) => globalID('Recipe', recipe.id),
    coverImage: (recipe) => photo(recipe.cover_url),
    createdAt: (recipe) => recipe.created_at,
    author: (recipe, _, context) => context.loaders.users.load(recipe.author_id),
    ingredients: (recipe, _, context) => context.loaders.ingredients.load(recipe.id),
    steps: (recipe, _, context) =>
      context.loaders.steps.load(recipe.id).then((steps) =>
        steps.map((step) => ({ number: step.position + 1, text: step.text, image: photo(step.image_url) })),
      ),
    commentsCount: (recipe, _, context) => context.loaders.recipeComments.load(recipe.id),
    comments: comments('recipe'),
  },
  Dish: {
    id: (dish) => globalID('Dish', dish.id),
    createdAt: (dish) => dish.created_at,
    author: (dish, _, context) => context.loaders.users.load(dish.author_id),
    photos: (dish, _, context) => context.loaders.dishPhotos.load(dish.id),
    recipe: (dish, _, context) =>
      dish.recipe_id == null ? null : context.loaders.recipes.load(dish.recipe_id).then(recipeNode),
    likesCount: (dish, _, context) => context.loaders.dishLikes.load(dish.id),
    viewerHasLiked: (dish, _, context) => {
      if (context.viewerID == null) return false;
      if (!context.loaders.likedBy) {
        context.loaders.likedBy = new Loader(async (ids) => {
          const rows = await context.sql.all(
            `SELECT dish_id FROM dish_likes WHERE user_id = ? AND dish_id IN (${Statements.placeholders(ids.length)})`,
            [context.viewerID, ...ids],
          );
          const liked = new Set(rows.map((row) => row.dish_id));
          return { get: (id) => liked.has(id) };
        });
      }
      return context.loaders.likedBy.load(dish.id);
    },
    commentsCount: (dish, _, context) => context.loaders.dishComments.load(dish.id),
    comments: comments('dish'),
  },
  Comment: {
    id: (comment) => globalID('Comment', comment.id),
    createdAt: (comment) => comment.created_at,
    author: (comment, _, context) => context.loaders.users.load(comment.author_id),
  },
  Cart: {
    selectedSubtotal: (cart) => money(cart.selectedSubtotal),
  },
  CartShop: {
    shop: (group, _, context) => context.loaders.shops.load(group.shopID),
    subtotal: (group) => money(group.subtotal),
  },
  CartItem: {
    id: (line) => globalID('CartItem', line.id),
    goods: (line, _, context) => context.loaders.goods.load(line.goods_id),
    kind: (line, _, context) => context.loaders.kinds.load(line.kind_id),
    unitPrice: (line) => money(line.unitPrice),
    lineTotal: (line) => money(line.lineTotal),
  },
  Shop: {
    id: (shop) => globalID('Shop', shop.id),
    logo: (shop) => photo(shop.logo_url),
    shippingFee: (shop) => money(shop.shipping_fee_cents),
    freeShippingThreshold: (shop) =>
      shop.free_shipping_threshold_cents == null ? null : money(shop.free_shipping_threshold_cents),
  },
  Goods: {
    id: (goods) => globalID('Goods', goods.id),
    salesCount: (goods) => goods.sales_count,
  },
  Kind: {
    id: (kind) => globalID('Kind', kind.id),
    price: (kind) => money(kind.price_cents),
    originalPrice: (kind) => (kind.original_price_cents == null ? null : money(kind.original_price_cents)),
    memberPrice: (kind) => (kind.member_price_cents == null ? null : money(kind.member_price_cents)),
  },
  Money: {
    amount: ({ cents }) => {
      const magnitude = Math.abs(cents);
      const fraction = magnitude % 100;
      return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${fraction < 10 ? '0' : ''}${fraction}`;
    },
    currency: () => 'CNY',
  },
};

/** `2026-11-30T08:15:00Z`, milliseconds only when there are any. */
function formatDateTime(milliseconds) {
  const text = new Date(milliseconds).toISOString();
  return text.endsWith('.000Z') ? `${text.slice(0, -5)}Z` : text;
}

module.exports = { resolvers, formatDateTime };
