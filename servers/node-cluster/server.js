'use strict'
// Hello-world server of the app-servers study: Node's cluster module forks WORKERS workers (one
// per core when WORKERS is 0 or unset), each an http.createServer sharing the listening socket,
// as costajob/app-servers' node_server.js does. Every worker is a child of the primary process,
// so the harness measures the whole tree.

const cluster = require('node:cluster')
const http = require('node:http')
const os = require('node:os')

const PORT = Number(process.env.PORT || 8080)
const BIND = process.env.BIND || '127.0.0.1'
const WORKERS = Number(process.env.WORKERS || 0) || os.availableParallelism()

if (cluster.isPrimary) {
  let stopping = false
  for (let i = 0; i < WORKERS; i++) cluster.fork()
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      console.error(`worker ${worker.process.pid} exited (${signal || code}); stopping`)
      process.exit(1)
    }
  })
  process.on('SIGTERM', () => {
    stopping = true
    for (const id in cluster.workers) cluster.workers[id].process.kill('SIGTERM')
    process.exit(0)
  })
  console.log(`node-cluster primary ${process.pid}: ${WORKERS} workers on ${BIND}:${PORT}`)
} else {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Hello, World!')
    } else if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('ok')
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('not found')
    }
  })
  server.listen(PORT, BIND)
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}
