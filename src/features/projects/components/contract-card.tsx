import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { CONTRACT_MSG, type Contract, rupiah } from '../../../contracts/contract'
import { dayLabel } from '../../../contracts/days'
import type { Project } from '../../../contracts/projects'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { IconMapPin, IconPencil } from '../../../ui/icons'
import { Skeleton } from '../../../ui/skeleton'
import { contractQueryOptions } from '../contract-queries'
import { ContractDialog } from './contract-dialog'

const term = css({ fontSize: 'xs', color: 'fgMuted' })
const value = css({ fontSize: 'sm', color: 'fg', fontWeight: '500', wordBreak: 'break-word' })

/** '-6,2, 106,816666 · radius 500 m' (Indonesian decimals). */
export function siteLine(site: NonNullable<Contract['site']>): string {
  const n = (x: number) => String(x).replace('.', ',')
  return `${n(site.lat)}; ${n(site.lng)} · radius ${site.radius_m.toLocaleString('id-ID')} m`
}

/**
 * 'Kontrak' on the project page (issue 34): the contract's number, contractor, owner / PPK, value, start
 * day (SPMK), duration and end day, and the site; admins ('can.manage') change it in 'Kontrak Proyek'.
 */
export function ContractCard({ project }: { project: Project }) {
  const contract = useQuery(contractQueryOptions(project.id))
  const [editing, setEditing] = useState(false)
  const c = contract.data
  const days = (d: string | null) => (d ? dayLabel(d) : '-')
  // While the contract loads, the same rows stand with placeholders: the card keeps its height, so the tabs
  // and the grid below it do not jump when it arrives (a layout shift the phone's Dokumentasi test caught).
  const rows: [string, string | null][] = [
    ['Nomor kontrak', c ? (c.number ?? '-') : null],
    ['Kontraktor', c ? (c.contractor ?? '-') : null],
    ['Pemilik / PPK', c ? (c.owner ?? '-') : null],
    ['Nilai kontrak', c ? (c.value === null ? '-' : rupiah(c.value)) : null],
    ['Mulai (SPMK)', c ? days(c.start_day) : null],
    ['Durasi', c ? (c.duration_days === null ? '-' : `${c.duration_days} hari kalender`) : null],
    ['Selesai', c ? days(c.end_day) : null],
  ]
  return (
    <Card padding="md" className={css({ mb: '6' })} aria-labelledby="contract-title" role="region">
      <div className={hstack({ justify: 'space-between', gap: '3', mb: '3' })}>
        <h2 id="contract-title" className={css({ fontSize: 'md', fontWeight: '600' })}>
          Kontrak
        </h2>
        {project.can.manage ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing(true)}
            disabled={!c}
            needsSignal={needsSignalTo('mengubah kontrak')}
          >
            <IconPencil /> Ubah Kontrak
          </Button>
        ) : null}
      </div>
      {contract.isError && !c ? (
        <p className={term}>Kontrak belum dapat dimuat.</p>
      ) : (
        <>
          <dl
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
              gap: '3',
            })}
          >
            {rows.map(([label, text]) => (
              <div key={label}>
                <dt className={term}>{label}</dt>
                <dd className={value}>
                  {text ?? <Skeleton className={css({ h: '5', w: '24', maxW: 'full' })} />}
                </dd>
              </div>
            ))}
          </dl>
          <p
            className={css({
              mt: '3',
              display: 'flex',
              alignItems: 'center',
              gap: '1.5',
              fontSize: 'sm',
              color: c?.site ? 'fg' : 'fgMuted',
              '& svg': { w: '4', h: '4', flexShrink: 0 },
            })}
          >
            <IconMapPin />{' '}
            {!c ? 'Memuat kontrak...' : c.site ? `Lokasi proyek: ${siteLine(c.site)}` : CONTRACT_MSG.noSite}
          </p>
        </>
      )}
      {project.can.manage && c ? (
        <ContractDialog project={project} contract={editing ? c : null} onClose={() => setEditing(false)} />
      ) : null}
    </Card>
  )
}
