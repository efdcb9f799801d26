import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { Card } from '../../../ui/card'
import { SelectField } from '../../../ui/field'

const OFF = 'mati'
const HOURS = [
  { value: OFF, label: 'Matikan pengingat' },
  ...Array.from({ length: 24 }, (_, h) => ({
    value: String(h),
    label: `Pukul ${String(h).padStart(2, '0')}.00`,
  })),
]

/**
 * The hour the diary reminder goes out (docs/decisions/0092): a project's pengawasan members hear
 * 'Laporan harian belum diisi' when today's diary is still empty, Monday to Saturday.
 */
export function DiaryReminderCard({
  hour,
  error,
  onChange,
}: {
  hour: number | null
  error?: string
  onChange: (hour: number | null) => void
}) {
  return (
    <Card>
      <div className={stack({ gap: '4' })}>
        <div>
          <h2 className={css({ fontWeight: '600' })}>Pengingat laporan harian</h2>
          <p className={css({ fontSize: 'sm', color: 'fgMuted', mt: '1' })}>
            Senin sampai Sabtu, anggota pengawasan proyek diingatkan lewat notifikasi dan WhatsApp bila
            laporan harian hari itu masih kosong.
          </p>
        </div>
        <SelectField
          label="Jam pengingat"
          name="diary_reminder_hour"
          options={HOURS}
          value={hour === null ? OFF : String(hour)}
          error={error}
          hint="Waktu firma. Hari Minggu tidak ada pengingat."
          onChange={(e) => onChange(e.target.value === OFF ? null : Number(e.target.value))}
        />
      </div>
    </Card>
  )
}
