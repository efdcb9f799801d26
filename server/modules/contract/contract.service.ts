import type { Kysely, Selectable } from 'kysely'
import type * as v from 'valibot'
import {
  type Contract,
  type ContractInputSchema,
  type ContractSite,
  contractEndDay,
  rupiah,
} from '../../../src/contracts/contract'
import { type Actor, access } from '../../access'
import { recordHistory } from '../../base/audit'
import type { ProjectContractsTable } from '../../db/contract-schema'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'

/*
 * A project's contract and site (issue 34, decision 0088). Every exported call asks the access policy
 * first. The start day is the project's own `start_day` (the project edit writes the same column), so
 * the two edits can never disagree; changing it here moves the project's version on like a project edit,
 * so an edit form opened before refuses to overwrite it (409).
 */

type ContractRow = Selectable<ProjectContractsTable>
type Parsed = v.InferOutput<typeof ContractInputSchema>

/** The site of a contract row, or null when none is set. */
export function siteOf(
  row: Pick<ContractRow, 'site_lat' | 'site_lng' | 'site_radius_m'> | undefined,
): ContractSite | null {
  if (!row || row.site_lat === null || row.site_lng === null || row.site_radius_m === null) return null
  return { lat: Number(row.site_lat), lng: Number(row.site_lng), radius_m: Number(row.site_radius_m) }
}

function toContract(row: ContractRow | undefined, startDay: string | null): Contract {
  const duration = row?.duration_days == null ? null : Number(row.duration_days)
  return {
    number: row?.number ?? null,
    contractor: row?.contractor ?? null,
    owner: row?.owner ?? null,
    value: row?.value == null ? null : Number(row.value),
    start_day: startDay,
    duration_days: duration,
    end_day: contractEndDay(startDay, duration),
    site: siteOf(row),
    updated_at: row?.updated_at ?? null,
  }
}

async function contractRow(db: Kysely<DB>, projectId: number) {
  return db.selectFrom('project_contracts').selectAll().where('project_id', '=', projectId).executeTakeFirst()
}

/** GET: everyone who sees the project. A project without a saved contract answers every field null. */
export async function readContract(deps: Pick<Deps, 'db'>, user: Actor, ref: string): Promise<Contract> {
  const project = await access.project(deps, user, ref, 'project.view')
  return toContract(await contractRow(deps.db, project.id), project.start_day)
}

/**
 * PUT (admins): the keys sent replace what is stored (null clears), the others stay. One transaction: the
 * contract row, the project's start day and version, and one Riwayat entry naming what changed.
 */
export async function saveContract(
  deps: Pick<Deps, 'db' | 'dialect'>,
  user: Actor,
  ref: string,
  read: () => Promise<Parsed>,
): Promise<Contract> {
  const project = await access.project(deps, user, ref, 'project.manage')
  const input = await read()
  return deps.db.transaction().execute(async (trx) => {
    // Two saves at once on PostgreSQL: the second waits for the first (the keys it keeps are read after
    // the first committed); SQLite runs one writer at a time anyway.
    let lock = trx.selectFrom('projects').select('start_day').where('id', '=', project.id)
    if (deps.dialect === 'postgres') lock = lock.forUpdate()
    const current = await lock.executeTakeFirstOrThrow()
    const before = await contractRow(trx, project.id)
    const was = toContract(before, current.start_day)
    const pick = <K extends keyof Parsed>(k: K, old: Parsed[K]) => (input[k] === undefined ? old : input[k])
    const site = pick('site', was.site) ?? null
    const now = nowIso()
    const values = {
      number: pick('number', was.number) ?? null,
      contractor: pick('contractor', was.contractor) ?? null,
      owner: pick('owner', was.owner) ?? null,
      value: pick('value', was.value) ?? null,
      duration_days: pick('duration_days', was.duration_days) ?? null,
      site_lat: site?.lat ?? null,
      site_lng: site?.lng ?? null,
      site_radius_m: site?.radius_m ?? null,
      updated_at: now,
      updated_by: user.id,
    }
    const startDay = pick('start_day', was.start_day) ?? null
    const after = toContract({ project_id: project.id, ...values }, startDay)
    // A save that changes nothing writes nothing: no version, no Riwayat entry.
    if (JSON.stringify(historyOf(after)) === JSON.stringify(historyOf(was))) return was
    await trx
      .insertInto('project_contracts')
      .values({ project_id: project.id, ...values })
      .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
      .execute()
    // The start day is the project's: a change moves its version on like a project edit, so an edit
    // form opened before it answers 409 instead of writing the old day back.
    if (startDay !== was.start_day)
      await trx
        .updateTable('projects')
        .set((eb) => ({
          start_day: startDay,
          updated_at: now,
          updated_by: user.id,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', project.id)
        .execute()
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'edit',
      object: { kind: 'project', id: project.slug, name: project.name },
      detail: { before: historyOf(was), after: historyOf(after) },
    })
    return after
  })
}

/** The contract as Riwayat shows it (src/contracts/history-detail.ts labels the keys). */
function historyOf(c: Contract): Record<string, unknown> {
  return {
    contract_number: c.number,
    contractor: c.contractor,
    owner: c.owner,
    contract_value: c.value === null ? null : rupiah(c.value),
    start_day: c.start_day,
    duration_days: c.duration_days,
    site: c.site ? `${c.site.lat}, ${c.site.lng} (radius ${c.site.radius_m} m)` : null,
  }
}
