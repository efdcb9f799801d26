/**
 * Public images from an object store (issue 13): proxied by the server (GET /storage/{key} streams the
 * object, what Berkas does) against a 302 to a short-lived presigned URL that the client then fetches
 * from the store itself. Both on one s3rver (port 4353) and one server (port 4354) on loopback, same
 * photo-sized object, same client (N concurrent fetch loops in this process, redirects followed), plus
 * a direct GET of the presigned URL as the floor of the store itself.
 *
 *   npx tsx bench/storage-public.ts        Env: BENCH_DURATION (s per variant, 5), BENCH_CONNECTIONS (16)
 */
import { createHash, createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { Readable } from 'node:stream'
import { serve } from '@hono/node-server'
import { SignatureV4 } from '@smithy/signature-v4'
import { Hono } from 'hono'
import { newBlobKey } from '../server/storage/blob-store'
import { publicBlobRoutes } from '../server/storage/public-blobs'
import { createS3Store, parseS3Url } from '../server/storage/s3'
import { startTestS3 } from '../server/storage/s3-test-server'
import { recordFigure } from './report'

const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)

/** SHA-256 for the signer, from node:crypto (the SDK's own hash package is not a dependency here). */
class Sha256 {
  private readonly h: ReturnType<typeof createHash> | ReturnType<typeof createHmac>
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key =
      secret === undefined || typeof secret === 'string' ? secret : Buffer.from(secret as Uint8Array)
    this.h = key ? createHmac('sha256', key) : createHash('sha256')
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.h.update(typeof data === 'string' ? data : Buffer.from(data as Uint8Array))
  }
  async digest() {
    return new Uint8Array(this.h.digest())
  }
}

async function main() {
  const s3 = await startTestS3(4353)
  const loc = parseS3Url(s3.url)
  const store = createS3Store(loc)
  const key = newBlobKey('webp')
  // A documentation photo as the app stores it: ~180 KB.
  const photo = Buffer.alloc(180 * 1024, 7)
  await store.put(key, 'public', Readable.from([photo]))

  const endpoint = new URL(loc.endpoint as string)
  const signer = new SignatureV4({
    service: 's3',
    region: loc.region,
    sha256: Sha256,
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID as string,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY as string,
    },
  })
  const presign = async () => {
    const request = await signer.presign(
      {
        method: 'GET',
        protocol: endpoint.protocol,
        hostname: endpoint.hostname,
        port: Number(endpoint.port),
        path: `/${loc.bucket}/${loc.prefix}public/${key}`,
        headers: { host: endpoint.host },
        query: {},
      },
      { expiresIn: 300 },
    )
    const q = new URLSearchParams(request.query as Record<string, string>)
    return `${endpoint.origin}${request.path}?${q}`
  }

  const app = new Hono()
  app.route('/storage', publicBlobRoutes(store))
  app.get('/redirect/:key', async (c) => c.redirect(await presign(), 302))
  const server = serve({ fetch: app.fetch, port: 4354, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const direct = await presign()

  const variants = [
    { label: 'proxied: GET /storage/{key} (server streams the object)', url: () => `${base}/storage/${key}` },
    { label: '302 to a presigned URL, then GET from the store', url: () => `${base}/redirect/${key}` },
    { label: 'floor: GET the presigned URL from the store directly', url: () => direct },
  ]
  // Each variant must give back exactly the photo before it is timed.
  for (const v of variants) {
    const res = await fetch(v.url())
    const body = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200 || !body.equals(photo))
      throw new Error(`${v.label}: ${res.status}, ${body.length} bytes`)
  }
  const results = []
  for (const v of [...variants, variants[0], variants[1]] as typeof variants) {
    results.push({ label: v.label, ...(await load(v.url, Math.min(2, DURATION))) }) // warm-up
    results.pop()
    results.push({ label: v.label, ...(await load(v.url, DURATION)) })
  }
  // Each variant ran twice (the first two again at the end); the better run counts.
  const best = new Map<string, (typeof results)[0]>()
  for (const r of results)
    if (!best.has(r.label) || (best.get(r.label)?.rps ?? 0) < r.rps) best.set(r.label, r)
  console.log(
    `\n${os.availableParallelism()} cores, node ${process.version}, ${CONNECTIONS} concurrent clients, ${photo.length / 1024} KB object, 1-min load ${os.loadavg()[0].toFixed(2)}`,
  )
  for (const r of best.values())
    console.log(
      `${r.label.padEnd(58)} ${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`,
    )
  const floor = best.get(variants[2].label)
  for (const [v, name] of [
    [variants[0], 'public image proxied through the server'],
    [variants[1], 'public image by 302 to a presigned URL'],
  ] as const) {
    const r = best.get(v.label)
    if (r && floor)
      recordFigure({
        bench: 'storage',
        figure: name,
        value: r.rps,
        unit: 'req/s',
        baseline: { name: 'the store alone', value: floor.rps },
        lowerIsBetter: false,
      })
  }
  const [proxied, redirected] = [best.get(variants[0].label), best.get(variants[1].label)]
  if (proxied && redirected)
    console.log(
      `\nproxied / redirect: ${(proxied.rps / redirected.rps).toFixed(2)}x the throughput, p99 ${(proxied.p99 / redirected.p99).toFixed(2)}x`,
    )
  server.close()
  await s3.stop()
}

/** CONNECTIONS loops fetching url() for `seconds`; latency of each whole answer (redirects followed). */
async function load(url: () => string, seconds: number) {
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const res = await fetch(url())
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`status ${res.status}`)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) }
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
