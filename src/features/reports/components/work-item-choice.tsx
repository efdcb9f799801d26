import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { REPORT_MSG } from '../../../contracts/reports'
import { type WorkItem, workItemLabel } from '../../../contracts/work-items'
import { FormError } from '../../../ui/field'
import { Skeleton } from '../../../ui/skeleton'
import { CheckRow, Choices, legendClass } from './form-parts'

/**
 * 'Item pekerjaan' of 'Buat Laporan': all of them, or some ticked from the project's list; a project
 * without work items says that every photo of the period goes in.
 */
export function WorkItemChoice({
  pending,
  items,
  scope,
  onScope,
  picked,
  onPick,
  error,
}: {
  pending: boolean
  items: WorkItem[]
  scope: 'all' | 'some'
  onScope: (scope: 'all' | 'some') => void
  picked: ReadonlySet<number>
  onPick: (id: number, on: boolean) => void
  error: string | undefined
}) {
  return pending || items.length === 0 ? (
    <div>
      <p className={legendClass}>{REPORT_MSG.workItemsLabel}</p>
      {pending ? (
        <Skeleton className={css({ display: 'block', h: '9', w: 'full', borderRadius: 'md' })} />
      ) : (
        <p className={css({ fontSize: 'xs', color: 'fgMuted' })}>
          Project ini belum punya item pekerjaan: semua foto periode ini dimasukkan.
        </p>
      )}
    </div>
  ) : (
    <div className={stack({ gap: '2' })}>
      <Choices
        label={REPORT_MSG.workItemsLabel}
        name="scope"
        columns={2}
        options={[
          { value: 'all', label: REPORT_MSG.allWorkItems },
          { value: 'some', label: REPORT_MSG.someWorkItems },
        ]}
        value={scope}
        onChange={onScope}
      />
      {scope === 'some' ? (
        <ul
          aria-label={REPORT_MSG.someWorkItems}
          className={css({
            maxH: '44',
            overflowY: 'auto',
            p: '1',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'md',
          })}
        >
          {items.map((w) => (
            <li key={w.id}>
              <CheckRow checked={picked.has(w.id)} onChange={(on) => onPick(w.id, on)}>
                {workItemLabel(w)}
              </CheckRow>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <FormError message={error} /> : null}
    </div>
  )
}
