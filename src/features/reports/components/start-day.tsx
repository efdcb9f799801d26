import { useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { dayLabel, isCalendarDay } from '../../../contracts/days'
import { PROJECT_START_MSG, type Project } from '../../../contracts/projects'
import { errorMessage } from '../../../lib/api'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useSetProjectStartDay } from '../queries'

/**
 * 'Minggu ke-n' counts from the project's start day: a construction contract numbers its weeks from its
 * own start (the SPMK), seldom the day the project was made in Berkas. The line under the week says
 * which day that is; 'Ubah' sets the project's start day (admins, through the project update) so the
 * weeks here, the report's title and the server's agree with the contract's.
 */
export function StartDay({ project, start, today }: { project: Project; start: string; today: string }) {
  const [editing, setEditing] = useState(false)
  const [day, setDay] = useState(start)
  const [error, setError] = useState<string | null>(null)
  const update = useSetProjectStartDay()

  function save() {
    if (!isCalendarDay(day)) {
      setError(PROJECT_START_MSG.badDay)
      return
    }
    setError(null)
    update.mutate(
      { project, day },
      {
        onSuccess: () => {
          setEditing(false)
          notify('success', PROJECT_START_MSG.saved)
        },
        onError: (err) => setError(errorMessage(err, PROJECT_START_MSG.saveFailed)),
      },
    )
  }

  if (!editing)
    return (
      <p
        data-testid="week-start"
        className={hstack({ gap: '2', mt: '-1', fontSize: 'xs', color: 'fgMuted', flexWrap: 'wrap' })}
      >
        <span>
          Minggu dihitung dari {dayLabel(start)}
          {project.start_day ? ' (tanggal mulai proyek)' : ' (tanggal project dibuat di Berkas)'}
        </span>
        <button
          type="button"
          className={css({
            color: 'brand',
            fontWeight: '500',
            textDecoration: 'underline',
            textUnderlineOffset: '2px',
            cursor: 'pointer',
            bg: 'transparent',
            border: 'none',
            p: '0',
          })}
          onClick={() => {
            setDay(start)
            setError(null)
            setEditing(true)
          }}
        >
          Ubah
        </button>
      </p>
    )

  return (
    <fieldset
      aria-label={`Ubah ${PROJECT_START_MSG.label.toLowerCase()}`}
      className={stack({ gap: '2', p: '3', m: '0', border: 'none', bg: 'subtle', borderRadius: 'md' })}
    >
      <TextField
        label={PROJECT_START_MSG.label}
        hint="Biasanya tanggal SPMK. Minggu ke-1 dimulai pada tanggal ini."
        type="date"
        value={day}
        max={today}
        onChange={(e) => setDay(e.target.value)}
        onKeyDown={(e) => {
          // Enter saves this day; it must not send the report's form around it.
          if (e.key === 'Enter') {
            e.preventDefault()
            save()
          }
        }}
      />
      {error ? <FormError message={error} /> : null}
      <div className={hstack({ gap: '2', justify: 'flex-end' })}>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
          Batal
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={save}
          loading={update.isPending}
          needsSignal={needsSignalTo('menyimpan')}
        >
          Simpan
        </Button>
      </div>
    </fieldset>
  )
}
