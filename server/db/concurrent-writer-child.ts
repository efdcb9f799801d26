// A writer process for sqlite-writers.test.ts: runs read-then-write transactions on the database in
// argv (JSON of openDatabase's options), all at once, and prints how many failed and why.
import { sql } from 'kysely'
import { openDatabase } from './index'

const [options, count] = [JSON.parse(process.argv[2] as string), Number(process.argv[3])]
const database = openDatabase(options)
const errors: string[] = []
await Promise.all(
  Array.from({ length: count }, (_, i) =>
    database.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ c: number }>`select count(*) as c from writer_probe`.execute(trx)
        // A turn of the event loop between the read and the write, as a service's awaits give.
        await new Promise((resolve) => setTimeout(resolve, 1))
        await sql`insert into writer_probe (pid, seen) values (${process.pid}, ${Number(rows[0]?.c ?? 0) + i * 0})`.execute(
          trx,
        )
      })
      .catch((err: unknown) => errors.push(String(err))),
  ),
)
await database.close()
console.log(JSON.stringify({ failed: errors.length, first: errors[0] }))
