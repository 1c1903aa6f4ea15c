'use strict'
// Hello-world server of the hello-blog and hello-blog-next studies: Node's own http.createServer,
// one event loop, no dependencies, as the blog post ran it.

const http = require('node:http')

const PORT = Number(process.env.PORT || 8080)
const BIND = process.env.BIND || '127.0.0.1'

// GET /sleep's wait: servers.md's 50 ms of simulated I/O
const SLEEP_MS = 50

function hello (res) {
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end('Hello, World!')
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/') {
    hello(res)
  } else if (req.method === 'GET' && req.url === '/json') {
    // JavaScript's usual JSON call
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ message: 'Hello from Pi', timestamp: Date.now() }))
  } else if (req.method === 'GET' && req.url === '/sleep') {
    // the event loop's idiom: a timer, so the loop serves other connections while this one waits
    setTimeout(() => hello(res), SLEEP_MS)
  } else if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('ok')
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('not found')
  }
})

server.listen(PORT, BIND, () => console.log(`node-http listening on ${BIND}:${PORT}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
