import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { parseS3Url, s3Client } from './s3'

/**
 * An S3-compatible server for tests. By default s3rver on `port` over a temp directory; with
 * S3_TEST_URL set (a STORAGE_URL such as s3://bucket/ci?endpoint=http://127.0.0.1:9000&forcePathStyle=true
 * for MinIO, or s3://bucket/ci?region=eu-central-1 for AWS, credentials in the AWS_* variables), that
 * store instead: each run then works under a fresh prefix of its own and removes it afterwards.
 */
export async function startTestS3(
  port: number,
): Promise<{ url: string; env: Record<string, string>; stop: () => Promise<void> }> {
  const external = process.env.S3_TEST_URL
  if (external) {
    const loc = parseS3Url(external)
    const run = `${loc.prefix}run-${randomUUID().slice(0, 8)}`
    const u = new URL(external)
    u.pathname = `/${run}`
    const client = s3Client({ ...loc, prefix: `${run}/` })
    return {
      url: u.toString(),
      env: {},
      async stop() {
        let token: string | undefined
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: loc.bucket, Prefix: `${run}/`, ContinuationToken: token }),
          )
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
          if (keys.length)
            await client.send(new DeleteObjectsCommand({ Bucket: loc.bucket, Delete: { Objects: keys } }))
          token = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (token)
        client.destroy()
      },
    }
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-s3rver-'))
  // s3rver checks signatures against these fixed credentials.
  const env = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' }
  Object.assign(process.env, env)
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory })
  await server.run()
  const url = `s3://berkas-test/blobs?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`
  const client = s3Client(parseS3Url(url))
  await client.send(new CreateBucketCommand({ Bucket: 'berkas-test' }))
  return {
    url,
    env,
    async stop() {
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
