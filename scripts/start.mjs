// `npm start`, `npm run migrate`, `npm run backup`, `npm run restore` (decision 0087): build what is
// missing (scripts/ensure-build.mjs), then run the built server's entry in this very process. No tsx and
// no second process stand between npm and the server: npm hands a SIGTERM to its script's process, which
// is this one (the script says `exec node ...`: without `exec`, dash keeps a shell in between that dies of
// the signal and leaves this process running without it), and the server drains and stops
// its workers (server/cluster.ts). In production run `node dist-server/cluster.js` directly (README).
//   node scripts/start.mjs                   the server (dist-server/cluster.js, after building the web app)
//   node scripts/start.mjs migrate           dist-server/migrate.js
//   node scripts/start.mjs backup [folder]   dist-server/backup.js (it reads `backup`/`restore` itself)
//   node scripts/start.mjs restore <folder> [--force]
import { ensureBuild } from './ensure-build.mjs'

const entries = {
  serve: { file: 'cluster.js', needs: ['web', 'server'] },
  migrate: { file: 'migrate.js', needs: ['server'] },
  backup: { file: 'backup.js', needs: ['server'] },
  restore: { file: 'backup.js', needs: ['server'] },
}
const entry = entries[process.argv[2] ?? 'serve']
if (!entry) {
  console.error(`Perintah tidak dikenal: ${process.argv[2]} (serve, migrate, backup, restore)`)
  process.exit(2)
}
if (!(await ensureBuild(entry.needs))) process.exit(1)
await import(`../dist-server/${entry.file}`)
