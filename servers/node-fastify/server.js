'use strict'
// Server of the node-pi study: the guide's Fastify app (app-fastify.js), with its JSON greeting
// moved to GET /json and the plain-text hello world on GET /.

const fastify = require('fastify')()

const PORT = Number(process.env.PORT || 8080)
const BIND = process.env.BIND || '127.0.0.1'

fastify.get('/health', async (request, reply) => {
  reply.type('text/plain; charset=utf-8')
  return 'ok'
})

fastify.get('/', async (request, reply) => {
  reply.type('text/plain; charset=utf-8')
  return 'Hello, World!'
})

fastify.get('/json', async (request, reply) => {
  return { message: 'Hello from Pi', timestamp: Date.now() }
})

fastify.get('/heavy', async (request, reply) => {
  let sum = 0
  for (let i = 0; i < 1000000; i++) {
    sum += Math.sqrt(i)
  }
  return { result: sum }
})

fastify.listen({ port: PORT, host: BIND }, (err, address) => {
  if (err) throw err
  console.log(`node-fastify listening on ${address}`)
})
process.on('SIGTERM', () => fastify.close().then(() => process.exit(0)))
