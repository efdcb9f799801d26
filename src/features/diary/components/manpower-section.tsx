import { type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { DEFAULT_TRADES, DIARY_LIMITS, type DiarySections } from '../../../contracts/diary'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/field'
import { IconPlus } from '../../../ui/icons'
import { pill } from '../../../ui/pill'
import { useSectionDraft } from '../use-section-draft'
import { SectionCard, Stepper } from './parts'

type Manpower = DiarySections['manpower']
type Row = { trade: string; count: number }

const toLocal = (saved: Manpower): Row[] => (saved ?? []).map((r) => ({ ...r }))
/** A trade brought down to 0 leaves the day (all gone: an empty list, which clears the section). */
const clean = (rows: Row[]): Manpower => {
  const kept = rows
    .filter((r) => r.trade.trim() !== '' && r.count > 0)
    .map((r) => ({ ...r, trade: r.trade.trim() }))
  return kept
}

/** Tenaga kerja: a stepper per trade; the firm's trades one tap away, a free name too. */
export function ManpowerSection({
  value,
  pending,
  readOnly,
  onSave,
  action,
}: {
  value: Manpower
  pending: boolean
  readOnly: boolean
  onSave: (value: Manpower) => void
  action?: ReactNode
}) {
  const [rows, change] = useSectionDraft(value, toLocal, clean, onSave)
  const [other, setOther] = useState('')
  const used = new Set(rows.map((r) => r.trade.toLowerCase()))
  const add = (trade: string) => {
    const name = trade.trim().slice(0, DIARY_LIMITS.name)
    if (!name || used.has(name.toLowerCase())) return
    change([...rows, { trade: name, count: 1 }])
  }
  const total = rows.reduce((sum, r) => sum + r.count, 0)
  return (
    <SectionCard title="Tenaga kerja" pending={pending} action={action}>
      <ul className={stack({ gap: '2' })} aria-label="Tenaga kerja per keahlian">
        {rows.map((r, i) => (
          <li key={r.trade} className={flex({ align: 'center', justify: 'space-between', gap: '3' })}>
            <span className={css({ fontSize: 'sm', minW: '0', wordBreak: 'break-word' })}>{r.trade}</span>
            <Stepper
              label={r.trade}
              value={r.count}
              disabled={readOnly}
              onChange={(count) => change(rows.map((x, j) => (j === i ? { ...x, count } : x)))}
            />
          </li>
        ))}
      </ul>
      {rows.length ? (
        <p className={css({ mt: '2', fontSize: 'sm', fontWeight: '600' })}>
          Jumlah: {total.toLocaleString('id-ID')} orang
        </p>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>Belum ada tenaga kerja hari ini.</p>
      )}
      {readOnly ? null : (
        <div className={stack({ gap: '2', mt: '3' })}>
          <fieldset
            className={cx(css({ border: 'none', p: '0', m: '0' }), flex({ wrap: 'wrap', gap: '1.5' }))}
            aria-label="Tambah keahlian"
          >
            {DEFAULT_TRADES.filter((t) => !used.has(t.toLowerCase())).map((t) => (
              <button key={t} type="button" className={cx(pill, css({ minH: '9' }))} onClick={() => add(t)}>
                <IconPlus size={12} /> {t}
              </button>
            ))}
          </fieldset>
          <form
            className={flex({ gap: '2', align: 'flex-end' })}
            onSubmit={(e) => {
              e.preventDefault()
              add(other)
              setOther('')
            }}
          >
            <TextField
              label="Keahlian lain"
              value={other}
              maxLength={DIARY_LIMITS.name}
              onChange={(e) => setOther(e.target.value)}
              fieldClassName={css({ flex: '1' })}
            />
            <Button type="submit" variant="secondary">
              Tambah
            </Button>
          </form>
        </div>
      )}
    </SectionCard>
  )
}
