import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, hstack } from 'styled-system/patterns'
import { card } from 'styled-system/recipes'
import type { Status } from '../../../contracts/projects'
import { workItemLabel } from '../../../contracts/work-items'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { Button } from '../../../ui/button'
import { SelectField, TextField } from '../../../ui/field'
import { IconChevronDown, IconListFilter, IconX } from '../../../ui/icons'
import { type DocFilters, filterParams, type SiteDoc } from '../site'

const STATUS_OPTIONS: { value: Status | ''; label: string }[] = [
  { value: '', label: 'Semua status' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Disetujui' },
  { value: 'rejected', label: 'Revisi' },
]

const SITE_OPTIONS = [
  { value: '', label: 'Semua lokasi' },
  { value: 'outside', label: 'Di luar lokasi' },
]

/**
 * The Dokumentasi tab's filters: the days the photos were taken (Asia/Jakarta days), work item,
 * uploader, status, 'Di luar lokasi'. They live in the URL (the project route's search params), so a shared link opens
 * the same view.
 */
export function DocFiltersBar({
  projectId,
  filters,
  docs,
  onChange,
}: {
  projectId: number
  filters: DocFilters
  /** Loaded items: their uploaders are the choices (with the one already chosen). */
  docs: SiteDoc[]
  onChange: (next: DocFilters) => void
}) {
  const items = useQuery(workItemsQueryOptions(projectId))
  const uploaders = new Map<number, string>()
  for (const d of docs) uploaders.set(d.creator.id, d.creator.name)
  if (filters.uploader && !uploaders.has(filters.uploader))
    uploaders.set(filters.uploader, `Pengguna #${filters.uploader}`)
  const set = (patch: Partial<DocFilters>) => {
    const next: DocFilters = { ...filters, ...patch }
    for (const k of Object.keys(next) as (keyof DocFilters)[]) if (next[k] === undefined) delete next[k]
    onChange(next)
  }
  const num = (value: string) => (value ? Number(value) : undefined)
  const active = Object.keys(filterParams(filters)).length
  const wide = typeof window !== 'undefined' && window.matchMedia?.('(min-width: 768px)').matches
  const [open, setOpen] = useState(wide || active > 0)

  return (
    // Folded on phones until opened (open by itself when a link brings filters); always open from md up.
    <details
      aria-label="Filter dokumentasi"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className={cx(card({ padding: 'none' }), css({ mb: '4', p: '3' }))}
    >
      <summary
        className={hstack({
          gap: '2',
          justify: 'space-between',
          cursor: 'pointer',
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          borderRadius: 'md',
          _focusVisible: { outline: 'none', boxShadow: 'focus' },
        })}
      >
        <span className={hstack({ gap: '1.5', fontSize: 'sm', fontWeight: '600', color: 'fg' })}>
          <IconListFilter /> Filter
          {active > 0 ? (
            <span
              className={css({
                px: '1.5',
                fontSize: 'xs',
                fontWeight: '600',
                color: 'brand.fg',
                bg: 'brand.subtle',
                borderRadius: 'full',
              })}
            >
              {active} aktif
            </span>
          ) : null}
        </span>
        <IconChevronDown
          className={css({ color: 'fgSubtle', '[open] > summary &': { transform: 'rotate(180deg)' } })}
        />
      </summary>
      <div
        className={grid({
          gridTemplateColumns: {
            base: '1fr 1fr',
            md: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(6, minmax(0, 1fr))',
          },
          gap: '2.5',
          mt: '3',
        })}
      >
        {/* The day the photos were taken (the upload day where no capture time is known). */}
        <TextField
          label="Diambil dari"
          name="from"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <TextField
          label="Diambil sampai"
          name="to"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
        <SelectField
          label="Item Pekerjaan"
          name="filter_work_item"
          value={filters.work_item ? String(filters.work_item) : ''}
          options={[
            { value: '', label: 'Semua item' },
            ...(items.data ?? []).map((w) => ({ value: String(w.id), label: workItemLabel(w) })),
          ]}
          onChange={(e) => set({ work_item: num(e.target.value) })}
        />
        <SelectField
          label="Pengunggah"
          name="filter_uploader"
          value={filters.uploader ? String(filters.uploader) : ''}
          options={[
            { value: '', label: 'Semua pengunggah' },
            ...[...uploaders].map(([id, name]) => ({ value: String(id), label: name })),
          ]}
          onChange={(e) => set({ uploader: num(e.target.value) })}
        />
        <SelectField
          label="Status"
          name="filter_status"
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(e) => set({ status: (e.target.value || undefined) as Status | undefined })}
        />
        {/* Against the project's site (issue 34): items with a photo outside its radius. */}
        <SelectField
          label="Lokasi"
          name="filter_site"
          value={filters.site ?? ''}
          options={SITE_OPTIONS}
          onChange={(e) => set({ site: e.target.value === 'outside' ? 'outside' : undefined })}
        />
      </div>
      {active > 0 ? (
        <div className={hstack({ justify: 'flex-end', mt: '2' })}>
          <Button variant="ghost" size="xs" onClick={() => onChange({})}>
            <IconX /> Hapus filter
          </Button>
        </div>
      ) : null}
    </details>
  )
}
