import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { grid, hstack, stack } from 'styled-system/patterns'
import {
  DEFAULT_SIGNATORY_LABELS,
  type FirmSettings,
  FirmSettingsSchema,
  SETTINGS_MSG,
  type Signatory,
} from '../../../contracts/settings'
import { errorMessage } from '../../../lib/api'
import { type FieldErrors, serverFieldErrors, validate, withoutError } from '../../../lib/form'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { TextAreaField, TextField } from '../../../ui/field'
import { IconSave } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { useSaveFirmSettings } from '../queries'
import { DiaryReminderCard } from './diary-reminder-card'
import { SignatoryRows } from './signatory-rows'

type Values = { name: string; address: string; phone: string }

/** Nothing set yet: the three columns every Indonesian supervision report signs, names to fill in. */
const startingRows = (s: FirmSettings): Signatory[] =>
  s.updated_at === null
    ? DEFAULT_SIGNATORY_LABELS.map((label) => ({ label, name: '', title: '' }))
    : s.signatories

/** Name, address and phone of the firm and the report's signature block, saved together. */
export function FirmSettingsForm({ settings }: { settings: FirmSettings }) {
  const [values, setValues] = useState<Values>({
    name: settings.name,
    address: settings.address,
    phone: settings.phone,
  })
  const [rows, setRows] = useState<Signatory[]>(() => startingRows(settings))
  const [reminderHour, setReminderHour] = useState(settings.diary_reminder_hour)
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveFirmSettings()

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value
      setValues((v) => ({ ...v, [name]: value }))
      setErrors((current) => withoutError(current, name))
    },
  })

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = validate(FirmSettingsSchema, {
      ...values,
      signatories: rows,
      diary_reminder_hour: reminderHour,
    })
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    try {
      const saved = await save.mutateAsync(result.output)
      setRows(saved.signatories)
      setErrors({})
      notify('success', SETTINGS_MSG.saved)
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) setErrors(fields)
      notify('error', errorMessage(err, 'Gagal menyimpan pengaturan firma'))
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={stack({ gap: '6' })}>
      <Card>
        <div className={stack({ gap: '4' })}>
          <div>
            <h2 className={css({ fontWeight: '600' })}>Identitas firma</h2>
            <p className={css({ fontSize: 'sm', color: 'fgMuted', mt: '1' })}>
              Kop sampul laporan dan halaman yang dibuka pemilik proyek lewat tautan.
            </p>
          </div>
          <TextField label="Nama firma" required autoComplete="organization" {...field('name')} />
          <div className={grid({ gridTemplateColumns: { base: '1fr', md: '2fr 1fr' }, gap: '4' })}>
            <TextAreaField label="Alamat" rows={2} autoComplete="street-address" {...field('address')} />
            <TextField label="Telepon" type="tel" autoComplete="tel" {...field('phone')} />
          </div>
        </div>
      </Card>
      <Card>
        <div className={stack({ gap: '4' })}>
          <div>
            <h2 className={css({ fontWeight: '600' })}>Tanda tangan laporan</h2>
            <p className={css({ fontSize: 'sm', color: 'fgMuted', mt: '1' })}>
              Dicetak di kaki sampul: keterangan, ruang tanda tangan, nama dan jabatan.
            </p>
          </div>
          <SignatoryRows
            rows={rows}
            errors={errors}
            onChange={(next) => {
              setRows(next)
              setErrors((current) =>
                Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith('signatories'))),
              )
            }}
          />
          {errors.signatories ? (
            <p role="alert" className={css({ fontSize: 'sm', color: 'danger.fg' })}>
              {errors.signatories}
            </p>
          ) : null}
        </div>
      </Card>
      <DiaryReminderCard
        hour={reminderHour}
        error={errors.diary_reminder_hour}
        onChange={(hour) => {
          setReminderHour(hour)
          setErrors((current) => withoutError(current, 'diary_reminder_hour'))
        }}
      />
      <div className={hstack({ justify: 'flex-end' })}>
        <Button type="submit" loading={save.isPending} needsSignal="Perlu sinyal untuk menyimpan">
          {save.isPending ? null : <IconSave size={16} />} Simpan pengaturan
        </Button>
      </div>
    </form>
  )
}
