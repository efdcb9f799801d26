// Starts the real server for the e2e run on a fresh data directory (the app must already be built).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
// One data dir per port, so two runs side by side (different E2E_PORT) never share a database.
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.PORT ?? 'default'}`)
fs.rmSync(dataDir, { recursive: true, force: true })
const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, WEB_DIR: path.join(root, 'dist') },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
