import { spawn } from 'node:child_process'

/** Runs a command-line tool (pg_dump, pg_restore); rejects with its stderr when it fails or is missing. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', (err) =>
      reject(
        new Error(`${command} tidak dapat dijalankan (${(err as Error).message}); pasang klien PostgreSQL`),
      ),
    )
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} gagal (kode ${code}): ${stderr.trim()}`)),
    )
  })
}
