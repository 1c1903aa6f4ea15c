'use strict'
// Server of the node-pi study in cluster mode, the stack node-express-cluster (a variant of
// node-express: servers/node-express-cluster/stack.json): Node's cluster module forks WORKERS
// workers (one per core when WORKERS is 0 or unset), each running the Express app on the shared listening
// socket. This is what PM2's cluster mode (`pm2 start app.js -i max`, the guide's step 6) does
// underneath, without PM2's daemon: every worker is a child of this process, so the harness
// measures the whole tree.

const cluster = require('node:cluster')
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
  console.log(`node-express-cluster primary ${process.pid}: ${WORKERS} workers on ${BIND}:${PORT}`)
} else {
  const app = require('./app')
  const server = app.listen(PORT, BIND)
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}
