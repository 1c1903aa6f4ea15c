'use strict'
// Hello-world server of the hello-blog study: Node's own http.createServer, one event loop, no
// dependencies, as the blog post ran it.

const http = require('node:http')

const PORT = Number(process.env.PORT || 8080)
const BIND = process.env.BIND || '127.0.0.1'

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

server.listen(PORT, BIND, () => console.log(`node-http listening on ${BIND}:${PORT}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
