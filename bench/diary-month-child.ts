/**
 * The month of bench/report-pdf.ts (issue 34, decision 0091), in a fresh process: a fresh SQLite DATA_DIR,
 * a project with 300 approved photos over the 26 working days of March 2026 (hard links to the generated
 * originals), 26 signed diary days written straight into the tables (two drawn signatures each), then
 * the real GET /api/diary/{slug}/day/{day}/pdf for every day (the 'diary.print' jobs) and four weekly
 * reports (kind 'mingguan', the real create) with the real job runner until all are ready. Baseline in
 * the same process: the same 300 photos read and resized by sharp for the prints' photo box. Prints one
 * JSON line.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { createApp } from '../server/app'
import { readConfig } from '../server/config'
import { createDeps } from '../server/create-deps'
import { migrate, openDatabase } from '../server/db/index'
import { JOB_KINDS } from '../server/job-kinds'
import { JobRunner } from '../server/jobs/job-runner'
import { PHOTO_BOX } from '../server/modules/diary/diary-print-flow'
import { diaryHash, noVersions } from '../server/modules/diary/diary-store'
import { printImage, readAll } from '../server/modules/reports/report-images'
import { createAccount } from '../server/modules/users/accounts.service'
import type { DiarySections } from '../src/contracts/diary'
import { apiJson, memory, resetPeak } from './bench-server'

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? ''
const DATA = arg('data')
const SOURCE = arg('source')
const PHOTOS = 300

/** March 2026 without its Sundays: 26 days. */
const DAYS = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`).filter(
  (d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0,
)
const WEEKS = [
  ['2026-03-02', '2026-03-08'],
  ['2026-03-09', '2026-03-15'],
  ['2026-03-16', '2026-03-22'],
  ['2026-03-23', '2026-03-29'],
]

function sectionsOf(i: number): DiarySections {
  return {
    weather: {
      blocks: [
        { from: '07:00', to: '10:00', condition: 'cerah' },
        { from: '10:00', to: '13:00', condition: 'berawan' },
        { from: '13:00', to: '16:00', condition: i % 3 === 0 ? 'hujan' : 'cerah' },
      ],
      lost_hours: i % 3 === 0 ? 2 : 0,
    },
    manpower: ['Mandor', 'Tukang batu', 'Tukang besi', 'Tukang kayu', 'Pekerja', 'Operator'].map(
      (trade, j) => ({
        trade,
        count: 2 + ((i + j) % 7),
      }),
    ),
    equipment: [
      { name: 'Concrete mixer', count: 2, condition: 'baik', hours: 7 },
      { name: 'Vibrator beton', count: 3, condition: i % 5 === 0 ? 'rusak' : 'baik', hours: 6 },
      { name: 'Scaffolding (set)', count: 40, condition: 'baik' },
    ],
    materials: [
      { name: 'Semen Portland', quantity: 80 + i, unit: 'zak', accepted: true, note: `SJ ${1000 + i}` },
      { name: 'Besi D13', quantity: 1.2, unit: 'ton', accepted: i % 4 !== 0 },
    ],
    work: [
      {
        description: `Pengecoran kolom lantai ${(i % 4) + 1}`,
        volume: 8 + (i % 5),
        unit: 'm3',
        progress: i * 3,
      },
      { description: 'Pemasangan bekisting balok dan plat', volume: 40, unit: 'm2', progress: i * 2 },
      { description: 'Pasangan bata dinding', volume: 25, unit: 'm2' },
    ],
    notes: {
      problems: 'Hujan siang hari, pengecoran ditunda; pasokan besi terlambat satu hari.',
      instructions: 'Kontraktor menambah pekerja pembesian dan terpal penutup.',
      safety: 'Nihil kecelakaan; APD lengkap.',
      visitors: 'Direksi teknis PPK',
    },
  }
}

async function main() {
  const config = readConfig({
    DATA_DIR: DATA,
    WEB_DIR: '',
    LOG_LEVEL: 'warn',
    FIRM_NAME: 'PT Konsultan Bench',
  })
  const database = openDatabase({ dataDir: DATA })
  await migrate(database)
  const deps = createDeps(config, database)
  const app = createApp(deps)
  const call = apiJson((url, init) => app.request(url, init))
  const admin = await createAccount(deps.db, {
    name: 'Admin Bench',
    email: 'admin@bench.test',
    password: 'bench-admin-1',
    phone: '081234567890',
    role: 'admin',
    createdBy: null,
  })
  const token = (
    await call('POST', '/api/auth/login', null, { email: admin.email, password: 'bench-admin-1' })
  ).token as string
  const project = await call('POST', '/api/project/create', token, {
    name: 'Bench Laporan Harian',
    description: 'Gedung uji laporan harian sebulan',
  })
  const sources = fs
    .readdirSync(SOURCE)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
  const publicDir = path.join(DATA, 'storage', 'public')
  const blobs: string[] = []
  const signature = `data:image/png;base64,${(
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="140"><rect width="100%" height="100%" fill="#fff"/><path d="M20 100 C 60 10, 90 140, 130 70 S 200 20, 230 90 S 300 120, 340 40" stroke="#1f3a5f" stroke-width="5" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer()
  ).toString('base64')}`
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < PHOTOS; i++) {
      const source = path.join(SOURCE, sources[i % sources.length] as string)
      const key = `${randomUUID()}.jpg`
      fs.linkSync(source, path.join(publicDir, key))
      blobs.push(key)
      const day = DAYS[i % DAYS.length] as string
      const taken = new Date(Date.parse(`${day}T01:00:00Z`) + (i % 12) * 1_800_000).toISOString()
      const doc = await trx
        .insertInto('docs')
        .values({
          uuid: randomUUID(),
          project_id: project.id as number,
          description: `Pekerjaan ${i + 1}: pemasangan dan pemeriksaan sesuai gambar kerja`,
          status: 'approved',
          creator_id: admin.id,
          created_at: taken,
          location: `Lantai ${(i % 4) + 1} as C-${(i % 9) + 1}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('doc_images')
        .values({
          uuid: randomUUID(),
          doc_id: doc.id,
          name: `IMG_${i}.jpg`,
          ext: 'jpg',
          blob_key: key,
          size_bytes: fs.statSync(source).size,
          position: 0,
          taken_at: taken,
          thumb_state: 'ready',
        })
        .execute()
    }
    const now = new Date().toISOString()
    for (const [i, day] of DAYS.entries()) {
      const sections = sectionsOf(i)
      const hash = diaryHash(project.id as number, day, 1, sections)
      const row = await trx
        .insertInto('diary_days')
        .values({
          project_id: project.id as number,
          day,
          status: 'signed',
          version: 4,
          revision: 1,
          sections: JSON.stringify(sections),
          section_versions: JSON.stringify({ ...noVersions(), weather: 1, manpower: 1, work: 1, notes: 1 }),
          hash,
          returned_note: null,
          revision_reason: null,
          created_at: now,
          updated_at: now,
          updated_by: admin.id,
          updated_by_name: admin.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const [role, name] of [
        ['kontraktor', 'Ir. Budi Santoso'],
        ['pengawas', 'Pengawas Bench'],
      ] as const)
        await trx
          .insertInto('diary_signatures')
          .values({
            diary_id: row.id,
            revision: 1,
            role,
            name,
            position: role === 'kontraktor' ? 'Site Manager' : 'Pengawas Lapangan',
            user_id: role === 'pengawas' ? admin.id : null,
            image: signature,
            hash,
            ip: '127.0.0.1',
            signed_at: now,
          })
          .execute()
    }
  })

  const runner = new JobRunner({
    deps,
    kinds: JOB_KINDS,
    concurrency: 1,
    pollMs: 50,
    retryMs: 1000,
    leaseMs: 60_000,
  })
  deps.jobs.onWake(() => runner.wake())
  global.gc?.()
  const startRss = resetPeak(process.pid)
  const pdf = (day: string) =>
    app.request(`/api/diary/${project.slug}/day/${day}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    })
  const t0 = performance.now()
  for (const day of DAYS) if ((await pdf(day)).status !== 409) throw new Error(`${day}: not queued`)
  runner.start()
  await runner.idle()
  const daysMs = performance.now() - t0
  for (const day of DAYS) if ((await pdf(day)).status !== 200) throw new Error(`${day}: not made`)
  const t1 = performance.now()
  const weekly: number[] = []
  // One after another: a project has at most 3 reports being made at once (report-create.ts).
  for (const [from, to] of WEEKS) {
    weekly.push(
      (await call('POST', `/api/report/${project.slug}/create`, token, { kind: 'mingguan', from, to }))
        .id as number,
    )
    await runner.idle()
  }
  const weeksMs = performance.now() - t1
  const peakRss = memory(process.pid).hwm
  await runner.stop()
  const prints = await deps.db.selectFrom('diary_pdfs').select(['status', 'pages', 'size_bytes']).execute()
  if (prints.some((p) => p.status !== 'ready')) throw new Error('a day print is not ready')
  const reports = await deps.db
    .selectFrom('reports')
    .select(['status', 'pages', 'size_bytes', 'photo_count', 'error'])
    .where('id', 'in', weekly)
    .execute()
  if (reports.some((r) => r.status !== 'ready'))
    throw new Error(`a weekly report failed: ${reports[0]?.error}`)

  const t2 = performance.now()
  for (const key of blobs) {
    const blob = await deps.store.get(key, 'public')
    if (!blob) throw new Error(`missing ${key}`)
    await printImage(await readAll(blob.stream), PHOTO_BOX.width, PHOTO_BOX.height)
  }
  const baselineMs = performance.now() - t2
  await database.close()
  const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + Number(x ?? 0), 0)
  console.log(
    JSON.stringify({
      days: DAYS.length,
      photos: PHOTOS,
      daysMs,
      weeksMs,
      baselineMs,
      dayPages: sum(prints.map((p) => p.pages)),
      dayBytes: sum(prints.map((p) => p.size_bytes)),
      weekPages: sum(reports.map((r) => r.pages)),
      weekBytes: sum(reports.map((r) => r.size_bytes)),
      weekPhotos: sum(reports.map((r) => r.photo_count)),
      startRss,
      peakRss,
    }),
  )
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
