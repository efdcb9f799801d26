import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { dayLabel, isCalendarDay } from '../../../contracts/days'
import { PROJECT_START_MSG, type Project } from '../../../contracts/projects'
import { errorMessage } from '../../../lib/api'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useUpdateProject } from '../queries'

const jakartaToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

/**
 * The project's start day (usually the SPMK's), where the project is set up: 'Minggu ke-1' of its
 * reports begins on it. Saved through the project update with the version it was read at, so an edit
 * made meanwhile by another admin answers 409 with who made it instead of being overwritten.
 */
export function StartDaySetting({ project }: { project: Project }) {
  const [day, setDay] = useState(project.start_day ?? '')
  const [error, setError] = useState<string | null>(null)
  const update = useUpdateProject()
  const unchanged = day === (project.start_day ?? '')

  async function onSubmit(e: FormEvent) {
    // The dialog's other forms are its neighbours, not its parents: this one saves the day alone.
    e.preventDefault()
    e.stopPropagation()
    if (unchanged) return
    if (day && !isCalendarDay(day)) return setError(PROJECT_START_MSG.badDay)
    setError(null)
    try {
      await update.mutateAsync({
        project,
        input: {
          name: project.name,
          description: project.description,
          version: project.version,
          start_day: day || null,
        },
      })
      notify('success', PROJECT_START_MSG.saved)
    } catch (err) {
      setError(errorMessage(err, PROJECT_START_MSG.saveFailed))
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={stack({ gap: '2' })}>
      <div className={hstack({ gap: '2', alignItems: 'flex-end' })}>
        <TextField
          label={PROJECT_START_MSG.label}
          type="date"
          value={day}
          max={jakartaToday()}
          onChange={(e) => {
            setDay(e.target.value)
            setError(null)
          }}
          fieldClassName={css({ flex: '1' })}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={unchanged}
          loading={update.isPending}
          needsSignal={needsSignalTo('menyimpan')}
        >
          Simpan
        </Button>
      </div>
      <p className={css({ fontSize: 'xs', color: 'fgMuted' })}>
        {project.start_day
          ? `Minggu ke-1 laporan dimulai ${dayLabel(project.start_day)}. Biasanya tanggal SPMK.`
          : 'Belum diisi: minggu laporan dihitung dari tanggal project dibuat di Berkas. Biasanya tanggal SPMK.'}
      </p>
      <FormError message={error} />
    </form>
  )
}
