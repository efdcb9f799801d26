import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { ForgotSchema, RESET_CODE_MINUTES, ResetSchema } from '../../../contracts/auth'
import { errorMessage } from '../../../lib/api'
import { type FieldErrors, serverFieldErrors, validate, withoutError } from '../../../lib/form'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { IconArrowLeft, IconKey, IconMail, IconMessageSquare, IconRefresh } from '../../../ui/icons'
import { Notice } from '../../../ui/notice'
import { PasswordField } from '../../../ui/password-field'
import { requestResetCode, resetWithCode } from '../api'

type Values = { email: string; code: string; new_password: string }

/**
 * 'Lupa password?' (issue 32): the email, then the 6-digit code the WhatsApp bot sent and a new
 * password; `onDone` signs in with it. The server answers the same for every email, so this screen
 * never says whether an account exists; it says what to do when no message arrives.
 */
export function ForgotPassword({
  initialEmail,
  onBack,
  onDone,
}: {
  initialEmail: string
  onBack: () => void
  onDone: (email: string, password: string) => Promise<void>
}) {
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [values, setValues] = useState<Values>({ email: initialEmail, code: '', new_password: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sentNote, setSentNote] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  function update(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
    setFormError(null)
  }

  async function attempt(run: () => Promise<void>) {
    setPending(true)
    try {
      await run()
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) setErrors(fields)
      setFormError(errorMessage(err, 'Gagal memproses permintaan'))
    } finally {
      setPending(false)
    }
  }

  function sendCode(e?: FormEvent) {
    e?.preventDefault()
    const result = validate(ForgotSchema, { email: values.email })
    if (!result.ok) return setErrors(result.errors)
    void attempt(async () => {
      setSentNote(await requestResetCode(result.output))
      setStep('code')
    })
  }

  function saveNewPassword(e: FormEvent) {
    e.preventDefault()
    const result = validate(ResetSchema, values)
    if (!result.ok) return setErrors(result.errors)
    void attempt(async () => {
      await resetWithCode(result.output)
      await onDone(result.output.email, result.output.new_password)
    })
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className={css({ alignSelf: 'flex-start', ml: '-2' })}>
      <IconArrowLeft /> Kembali ke halaman masuk
    </Button>
  )

  if (step === 'email') {
    return (
      <div className={stack({ gap: '0' })}>
        <h1 className={css({ textStyle: 'pageTitle' })}>Lupa Password</h1>
        <p className={css({ mt: '1.5', fontSize: 'sm', color: 'fgMuted' })}>
          Masukkan email akun Anda. Kami kirim kode 6 angka lewat WhatsApp ke nomor yang terdaftar.
        </p>
        <form onSubmit={sendCode} noValidate className={stack({ mt: '8', gap: '4' })}>
          <FormError message={formError} />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="nama@perusahaan.com"
            startIcon={<IconMail />}
            value={values.email}
            onChange={(e) => update('email', e.target.value)}
            error={errors.email}
            autoFocus
          />
          <Button type="submit" size="lg" fullWidth loading={pending}>
            {pending ? null : <IconMessageSquare />} Kirim Kode
          </Button>
          {back}
        </form>
      </div>
    )
  }

  return (
    <div className={stack({ gap: '0' })}>
      <h1 className={css({ textStyle: 'pageTitle' })}>Buat Password Baru</h1>
      <Notice role="status" tone="info" className={css({ mt: '3' })}>
        {sentNote}
      </Notice>
      <form onSubmit={saveNewPassword} noValidate className={stack({ mt: '6', gap: '4' })}>
        <FormError message={formError} />
        <TextField
          label="Kode dari WhatsApp"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          startIcon={<IconKey />}
          value={values.code}
          onChange={(e) => update('code', e.target.value.replace(/\D/g, ''))}
          error={errors.code}
          hint={`Berlaku ${RESET_CODE_MINUTES} menit, sekali pakai.`}
          autoFocus
        />
        <PasswordField
          label="Password Baru"
          name="new_password"
          autoComplete="new-password"
          placeholder="Minimal 8 karakter"
          value={values.new_password}
          onChange={(e) => update('new_password', e.target.value)}
          error={errors.new_password}
        />
        <Button type="submit" size="lg" fullWidth loading={pending}>
          Simpan dan Masuk
        </Button>
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
          Tidak menerima pesan WhatsApp dalam beberapa menit? Nomor akun Anda mungkin belum terdaftar: minta
          admin Anda mengatur ulang password.
        </p>
        <div className={stack({ gap: '1', alignItems: 'flex-start' })}>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => sendCode()}
            disabled={pending}
            className={css({ ml: '-2' })}
          >
            <IconRefresh /> Kirim ulang kode
          </Button>
          {back}
        </div>
      </form>
    </div>
  )
}
