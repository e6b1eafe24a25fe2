// Ask yaml-language-server (as VS Code's YAML extension runs it) for the hover on one position of a
// content file, resolving the file's own `# yaml-language-server: $schema=` modeline.
// Usage: node hover.mjs <file.yaml> <line> <character>   (0-based, as in LSP); prints the hover's JSON.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const [file, line, character] = process.argv.slice(2)
const uri = pathToFileURL(resolve(file)).href
const server = createRequire(import.meta.url).resolve('yaml-language-server/bin/yaml-language-server')
const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] })
const settings = { yaml: { hover: true, validate: true, completion: true, schemaStore: { enable: false } } }
let nextId = 1
const pending = new Map()
let buffer = Buffer.alloc(0)

function send(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }))
  child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`)
  child.stdin.write(body)
}
function request(method, params) {
  const id = nextId++
  send({ id, method, params })
  return new Promise((done) => pending.set(id, done))
}
function onMessage(message) {
  if (message.id !== undefined && message.method) {
    // A request from the server: configuration gets our settings, the rest a plain acknowledgement.
    const result = message.method === 'workspace/configuration'
      ? message.params.items.map((item) => (item.section ? settings[item.section] ?? null : settings))
      : null
    send({ id: message.id, result })
  } else if (message.id !== undefined && pending.has(message.id)) {
    pending.get(message.id)(message.result)
    pending.delete(message.id)
  }
}
child.stdout.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk])
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n')
    if (end < 0) return
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1])
    if (buffer.length < end + 4 + length) return
    onMessage(JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()))
    buffer = buffer.subarray(end + 4 + length)
  }
})

await request('initialize', {
  processId: process.pid, rootUri: null, workspaceFolders: null,
  capabilities: { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } }, workspace: { configuration: true } },
})
send({ method: 'initialized', params: {} })
send({ method: 'workspace/didChangeConfiguration', params: { settings } })
send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text: readFileSync(file, 'utf8') } } })
const hover = await request('textDocument/hover', { textDocument: { uri }, position: { line: Number(line), character: Number(character) } })
process.stdout.write(JSON.stringify(hover) + '\n')
await request('shutdown', null)
send({ method: 'exit' })
setTimeout(() => process.exit(0), 200)
