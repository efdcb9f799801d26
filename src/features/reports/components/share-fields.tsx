import { css, cx } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { SHARE_DAYS_MAX, SHARE_DAYS_MIN, SHARE_MSG } from '../../../contracts/shares'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { IconKey } from '../../../ui/icons'
import { pill } from '../../../ui/pill'
import { randomPin } from '../clipboard'

const QUICK_DAYS = [7, 14, 30] as const

/** How many days a link works: 7, 14 or 30 at a press, or any number typed (1-90). */
export function ExpiryField({
  days,
  error,
  onChange,
}: {
  days: string
  error: string | undefined
  onChange: (days: string) => void
}) {
  return (
    <fieldset>
      <legend className={css({ fontSize: 'sm', fontWeight: '500', color: 'fg', mb: '1.5' })}>
        {SHARE_MSG.expiresLabel}
      </legend>
      <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
        {QUICK_DAYS.map((d) => (
          <button
            key={d}
            type="button"
            className={pill}
            aria-pressed={days === String(d)}
            onClick={() => onChange(String(d))}
          >
            {SHARE_MSG.days(d)}
          </button>
        ))}
        <label className={hstack({ gap: '1.5', fontSize: 'sm', color: 'fgMuted' })}>
          <span className={css({ srOnly: true })}>Berlaku (hari)</span>
          <input
            type="number"
            inputMode="numeric"
            min={SHARE_DAYS_MIN}
            max={SHARE_DAYS_MAX}
            value={days}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(e.target.value)}
            className={cx(pill, css({ w: '20', cursor: 'text', textAlign: 'right' }))}
          />
          hari
        </label>
      </div>
      {error ? <FormError message={error} /> : null}
    </fieldset>
  )
}

/** An optional 6-digit PIN, typed or made at random ('Buat PIN'). */
export function PinField({
  pin,
  error,
  onChange,
}: {
  pin: string
  error: string | undefined
  onChange: (pin: string) => void
}) {
  return (
    <div>
      <div className={hstack({ gap: '2', alignItems: 'flex-end' })}>
        <TextField
          label={SHARE_MSG.pinLabel}
          value={pin}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder="6 angka"
          error={error}
          fieldClassName={css({ flex: '1', minW: '0' })}
          className={css({ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.12em' })}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button
          variant="secondary"
          className={css({ mb: error ? '6' : '0' })}
          onClick={() => onChange(randomPin())}
        >
          <IconKey /> {SHARE_MSG.makePin}
        </Button>
      </div>
      <p className={css({ mt: '1.5', fontSize: 'xs', color: 'fgSubtle' })}>{SHARE_MSG.pinHint}</p>
    </div>
  )
}
