import path from 'node:path'
import { readConfig } from '../config'
import { createBlobStore } from '../storage/create-store'
import { createBackup } from './backup'
import { restoreBackup } from './restore'

/**
 * `npm run backup -- [folder]` (default ./backups/berkas-<time>) while the server runs;
 * `npm run restore -- <folder> [--force]` with the server stopped. Both read the server's own
 * configuration (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA, STORAGE_URL).
 */
const [command, ...rest] = process.argv.slice(2)
const force = rest.includes('--force')
const folder = rest.find((a) => !a.startsWith('--'))
const config = readConfig()
const store = createBlobStore(config)

try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-')
    const { dir, manifest } = await createBackup(
      config,
      store,
      folder ?? path.join('backups', `berkas-${stamp}`),
    )
    console.log(
      `Cadangan selesai: ${dir} (${manifest.dialect}, ${manifest.blobs} file, ${(manifest.blobBytes / 1048576).toFixed(1)} MB)`,
    )
    if (manifest.missing.length > 0)
      console.warn(
        `${manifest.missing.length} file dihapus saat pencadangan berjalan: ${manifest.missing.join(', ')}`,
      )
  } else if (command === 'restore' && folder) {
    const { manifest, blobsWritten } = await restoreBackup(config, store, folder, { force })
    console.log(`Pemulihan selesai dari cadangan ${manifest.createdAt} (${blobsWritten} file ditulis)`)
  } else {
    console.error('Pemakaian: npm run backup -- [folder]  |  npm run restore -- <folder> [--force]')
    process.exitCode = 2
  }
} catch (err) {
  console.error((err as Error).message)
  process.exitCode = 1
}
