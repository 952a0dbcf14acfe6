'use strict';
// Kitchen's peer: graphql-js 16 on node's own `http` module, reading the same SQLite file
// through node-sqlite3, written the way a careful JavaScript team would: the schema is
// Kitchen's Schema.graphql, loads are batched per request (loaders.js), statements are
// prepared once, and parsed-and-validated documents are cached by their text. One worker
// per core (node's `cluster`), as Kitchen runs one thread per core.
//
//   node server.js --db FILE --port N [--schema Schema.graphql] [--workers N]
//
// The viewer is the user of `Authorization: Bearer <token>`: the token's keyed BLAKE2b
// digest (key from `kitchen_secrets`) is looked up in `auth_tokens` on every request, as
// Kitchen does; only the digest computation is cached per token (blake2b.js is BigInt).

const cluster = require('node:cluster');
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const sqlite3 = require('sqlite3');
const { buildSchema, parse, validate, execute, GraphQLError, GraphQLScalarType } = require('graphql');
const { Statements, makeLoaders } = require('./loaders.js');
const { resolvers, formatDateTime } = require('./resolvers.js');
const { blake2b } = require('./blake2b.js');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}
const databasePath = option('db', 'kitchen.sqlite');
const port = Number(option('port', '8090'));
const schemaPath = option('schema', path.join(__dirname, '../../../Schema.graphql'));
const workers = Number(option('workers', String(os.availableParallelism())));

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers)) worker.kill('SIGTERM');
    process.exit(0);
  });
  console.log(`graphql-js peer at http://127.0.0.1:${port}/graphql (${workers} workers)`);
} else {
  serve();
}

function makeSchema() {
  const schema = buildSchema(fs.readFileSync(schemaPath, 'utf8'));
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    for (const [fieldName, resolve] of Object.entries(fields)) type.getFields()[fieldName].resolve = resolve;
  }
  for (const name of ['Node', 'Commentable', 'FeedItem', 'SearchResult']) {
    schema.getType(name).resolveType = (value) => value.__typename;
  }
  const dateTime = schema.getType('DateTime');
  Object.assign(dateTime, new GraphQLScalarType({ name: 'DateTime', serialize: formatDateTime }));
  return schema;
}

function open(mode) {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(databasePath, mode, (error) => (error ? reject(error) : resolve(db)));
  });
}

async function serve() {
  const schema = makeSchema();
  const reader = new Statements(await open(sqlite3.OPEN_READONLY));
  const writerDB = await open(sqlite3.OPEN_READWRITE);
  writerDB.configure('busyTimeout', 5000);
  const writer = new Statements(writerDB);
  const keyRow = await reader.get("SELECT value FROM kitchen_secrets WHERE name = 'token-digest-key'", []);
  const tokenKey = keyRow ? keyRow.value : Buffer.alloc(32);

  // One write transaction at a time on this process's writer connection.
  let writeQueue = Promise.resolve();
  const write = (body) => {
    const run = writeQueue.then(async () => {
      await writer.run('BEGIN IMMEDIATE', []);
      try {
        const result = await body(writer);
        await writer.run('COMMIT', []);
        return result;
      } catch (error) {
        await writer.run('ROLLBACK', []).catch(() => {});
        throw error;
      }
    });
    writeQueue = run.catch(() => {});
    return run;
  };

  const documents = new Map(); // query text -> { document } or { errors }, bounded
  function prepared(query) {
    let entry = documents.get(query);
    if (entry) return entry;
    try {
      const document = parse(query);
      const errors = validate(schema, document);
      entry = errors.length ? { errors } : { document };
    } catch (error) {
      entry = { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
    }
    if (documents.size >= 1000) documents.delete(documents.keys().next().value);
    documents.set(query, entry);
    return entry;
  }

  const digests = new Map(); // token -> digest, bounded
  function digest(token) {
    let value = digests.get(token);
    if (!value) {
      value = blake2b(Buffer.from(token, 'utf8'), tokenKey, 32);
      if (digests.size >= 10000) digests.delete(digests.keys().next().value);
      digests.set(token, value);
    }
    return value;
  }

  async function viewerID(header) {
    const match = header && /^bearer\s+(\S{1,200})\s*$/i.exec(header);
    if (!match) return null;
    const row = await reader.get('SELECT user_id FROM auth_tokens WHERE digest = ?', [digest(match[1])]);
    return row ? row.user_id : null;
  }

  async function respond(request, body) {
    let payload;
    try {
      payload = JSON.parse(body);
    } catch {
      return [400, { errors: [{ message: 'The body is not JSON.' }] }];
    }
    if (typeof payload.query !== 'string') return [400, { errors: [{ message: 'No query.' }] }];
    const entry = prepared(payload.query);
    if (entry.errors) return [400, { errors: entry.errors }];
    const context = {
      sql: reader,
      write,
      loaders: makeLoaders(reader),
      viewerID: await viewerID(request.headers.authorization),
    };
    const result = await execute({
      schema,
      document: entry.document,
      variableValues: payload.variables,
      operationName: payload.operationName,
      contextValue: context,
    });
    return [200, result];
  }

  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/graphql') {
      response.writeHead(404).end();
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      respond(request, Buffer.concat(chunks).toString('utf8')).then(
        ([status, result]) => {
          const text = JSON.stringify(result);
          response.writeHead(status, {
            'Content-Type': 'application/graphql-response+json; charset=utf-8',
            'Content-Length': Buffer.byteLength(text),
          });
          response.end(text);
        },
        (error) => {
          console.error(error);
          response.writeHead(500).end();
        },
      );
    });
  });
  server.keepAliveTimeout = 60000;
  server.listen(port, '127.0.0.1', () => {
    if (workers <= 1) console.log(`graphql-js peer at http://127.0.0.1:${port}/graphql`);
  });
}
