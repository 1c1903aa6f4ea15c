'use strict'
// Hello-world server of the node-pi study: the Express app in one process.

const app = require('./app')

const PORT = Number(process.env.PORT || 8080)
const BIND = process.env.BIND || '127.0.0.1'

const server = app.listen(PORT, BIND, () => console.log(`node-express listening on ${BIND}:${PORT}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
