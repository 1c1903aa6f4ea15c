'use strict'
// Reference server for the node stack: Fastify with JSON-schema validation, and better-sqlite3
// (synchronous, which is how it is meant to be used: each query runs to completion on the event
// loop). Node runs one event loop; WORKERS is not used.
//
// Connection policy (servers/README.md): one connection, used by the one event loop for reads and
// writes (which the loop serializes); every statement is prepared once at start and reused.

const Fastify = require('fastify')
const Ajv = require('ajv')
const Database = require('better-sqlite3')

const PORT = Number(process.env.PORT || 8080)
const BIND = process.env.BIND || '127.0.0.1'
const DB_PATH = process.env.DB_PATH || './items.db'

const db = new Database(DB_PATH)
// The pragmas of every stack (servers/README.md). better-sqlite3 is compiled with a 16 MB default
// page cache; cache_size = -2000 brings it back to SQLite's default of about 2 MB.
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.pragma('busy_timeout = 5000')
db.pragma('cache_size = -2000')
db.pragma('temp_store = MEMORY')
db.pragma('mmap_size = 0')
db.exec(`CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)`)

const stmt = {
  insert: db.prepare('INSERT INTO items (name, description, price, quantity) VALUES (@name, @description, @price, @quantity)'),
  get: db.prepare('SELECT id, name, description, price, quantity FROM items WHERE id = ?'),
  list: db.prepare('SELECT id, name, description, price, quantity FROM items ORDER BY id LIMIT ? OFFSET ?'),
  update: db.prepare('UPDATE items SET name = @name, description = @description, price = @price, quantity = @quantity WHERE id = @id'),
  delete: db.prepare('DELETE FROM items WHERE id = ?'),
  sqliteVersion: db.prepare('SELECT sqlite_version()').pluck(),
  pragmas: Object.fromEntries(['journal_mode', 'synchronous', 'busy_timeout', 'cache_size', 'temp_store', 'mmap_size']
    .map((name) => [name, db.prepare(`PRAGMA ${name}`).pluck()]))
}

const item = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    price: { type: 'number' },
    quantity: { type: 'integer' }
  }
}
const itemBody = {
  type: 'object',
  required: ['name', 'description', 'price', 'quantity'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    price: { type: 'number' },
    quantity: { type: 'integer' }
  }
}
const idParams = {
  type: 'object',
  properties: { id: { type: 'integer' } }
}
const error = { type: 'object', properties: { error: { type: 'string' } } }

// Path and query strings are converted to integers; a JSON body is taken as typed
// ("9.99" is not a price). Fastify's default validator coerces everything, so one Ajv per part.
const ajv = {
  body: new Ajv({ coerceTypes: false, useDefaults: true }),
  coercing: new Ajv({ coerceTypes: true, useDefaults: true })
}

const app = Fastify({ logger: false })
app.setValidatorCompiler(({ schema, httpPart }) =>
  (httpPart === 'body' ? ajv.body : ajv.coercing).compile(schema))

app.setErrorHandler((err, request, reply) => {
  if (err.statusCode && err.statusCode < 500) return reply.code(400).send({ error: err.message })
  // the cause goes to the log, never into the body
  console.error(err)
  reply.code(500).send({ error: 'internal error' })
})

app.get('/health', (request, reply) => { reply.type('text/plain; charset=utf-8').send('ok') })
app.get('/', (request, reply) => { reply.type('text/plain; charset=utf-8').send('Hello, World!') })

// The SQLite version and the pragmas in effect, read back from the connection.
app.get('/diag', () => {
  const pragmas = Object.fromEntries(Object.entries(stmt.pragmas).map(([name, s]) => [name, s.get()]))
  return {
    sqlite_version: stmt.sqliteVersion.get(),
    pragmas: { ...pragmas, journal_mode: pragmas.journal_mode.toLowerCase() },
    runtime: `node ${process.version}`,
    framework: `fastify ${app.version}`,
    connections: { read: 1, write: 1, shared: true }
  }
})

app.post('/items', { schema: { body: itemBody, response: { 201: item } } }, (request, reply) => {
  const info = stmt.insert.run(request.body)
  reply.code(201).send({ id: Number(info.lastInsertRowid), ...request.body })
})

app.get('/items', {
  schema: {
    querystring: {
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
        offset: { type: 'integer', minimum: 0, default: 0 }
      }
    },
    response: { 200: { type: 'array', items: item } }
  }
}, (request) => stmt.list.all(request.query.limit, request.query.offset))

app.get('/items/:id', { schema: { params: idParams, response: { 200: item, 404: error } } }, (request, reply) => {
  const row = stmt.get.get(request.params.id)
  if (!row) return reply.code(404).send({ error: 'not found' })
  return row
})

app.put('/items/:id', { schema: { params: idParams, body: itemBody, response: { 200: item, 404: error } } }, (request, reply) => {
  const updated = { id: request.params.id, ...request.body }
  if (stmt.update.run(updated).changes === 0) return reply.code(404).send({ error: 'not found' })
  return updated
})

app.delete('/items/:id', { schema: { params: idParams, response: { 404: error } } }, (request, reply) => {
  if (stmt.delete.run(request.params.id).changes === 0) return reply.code(404).send({ error: 'not found' })
  reply.code(204).send()
})

app.listen({ port: PORT, host: BIND }).catch((err) => {
  console.error(err)
  process.exit(1)
})
