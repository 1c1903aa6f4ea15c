'use strict'
// Where better-sqlite3's prebuilt binary cannot be downloaded, npm builds it from source and
// node-gyp leaves its objects, static library and makefiles in node_modules (about 15 MB). This
// keeps only the addon itself, so node_modules holds what the prebuilt install leaves and the
// size column does not depend on the network the build ran on.
const fs = require('fs')
const path = require('path')

const build = path.join(__dirname, 'node_modules', 'better-sqlite3', 'build')
const addon = path.join('Release', 'better_sqlite3.node')
if (!fs.existsSync(path.join(build, addon))) {
  console.error(`missing ${path.join(build, addon)}: better-sqlite3 was not built`)
  process.exit(1)
}
for (const entry of fs.readdirSync(build)) {
  if (entry !== 'Release') fs.rmSync(path.join(build, entry), { recursive: true, force: true })
}
for (const entry of fs.readdirSync(path.join(build, 'Release'), { withFileTypes: true })) {
  if (entry.name !== 'better_sqlite3.node') fs.rmSync(path.join(build, 'Release', entry.name), { recursive: true, force: true })
}
console.log(`kept ${path.join(build, addon)}`)
