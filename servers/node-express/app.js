'use strict'
// The Express app of the node-pi study (the guide's app.js), with its JSON greeting moved to
// GET /json and the plain-text hello world on GET /. node-express runs it in one process
// (server.js), node-express-cluster, a variant of this stack, under the cluster module (cluster.js).

const express = require('express')

const app = express()

app.get('/health', (req, res) => {
  res.type('text/plain').send('ok')
})

app.get('/', (req, res) => {
  res.type('text/plain').send('Hello, World!')
})

app.get('/json', (req, res) => {
  res.json({ message: 'Hello from Pi', timestamp: Date.now() })
})

app.get('/heavy', (req, res) => {
  let sum = 0
  for (let i = 0; i < 1000000; i++) {
    sum += Math.sqrt(i)
  }
  res.json({ result: sum })
})

module.exports = app
