import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { LoginSchema } from '../../../contracts/auth'
import { MSG } from '../../../contracts/common'
import { ApiError, errorMessage } from '../../../lib/api'
import { currentUserQueryOptions } from '../../../lib/current-user'
import { type FieldErrors, serverFieldErrors, validate, withoutError } from '../../../lib/form'
import { getToken } from '../../../lib/session-token'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { IconMail } from '../../../ui/icons'
import { PasswordField } from '../../../ui/password-field'
import { useLoginMutation } from '../queries'
import { safeRedirect } from '../redirect'
import { ForgotPassword } from './forgot-password'
import { LoginAside, LoginBrand } from './login-brand'

export function LoginPage() {
  const navigate = useNavigate()
  // Where a logged-out link wanted to go (the guard put it in ?redirect=), else the dashboard.
  const redirect = useSearch({
    strict: false,
    select: (s: { redirect?: unknown }) => safeRedirect(s.redirect),
  })
  const goOn = useCallback(
    () => (redirect ? navigate({ href: redirect, replace: true }) : navigate({ to: '/', replace: true })),
    [redirect, navigate],
  )
  const [values, setValues] = useState({ email: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  // 'Lupa password?' replaces the form in place (issue 32); the email typed so far comes along.
  const [forgot, setForgot] = useState(false)
  const loginMutation = useLoginMutation()

  // An existing valid session skips the form (SPEC: go to / replacing the history entry).
  const hasToken = Boolean(getToken())
  const session = useQuery({ ...currentUserQueryOptions(), enabled: hasToken, retry: false, staleTime: 0 })
  useEffect(() => {
    if (hasToken && session.isSuccess) void goOn()
  }, [hasToken, session.isSuccess, goOn])

  function update(field: 'email' | 'password', value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
    setFormError(null)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = validate(LoginSchema, values)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    try {
      await loginMutation.mutateAsync(result.output)
      await goOn()
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) setErrors(fields)
      const message =
        err instanceof ApiError && err.status === 401 ? MSG.loginFailed : errorMessage(err, MSG.loginFailed)
      // Shown in the form, not as a toast: a toast labelled '... password ...' would sit beside the
      // Password field and make 'Password' ambiguous for assistive tech and label-based tests.
      setFormError(message)
    }
  }

  return (
    <div
      className={css({
        flex: '1',
        display: 'grid',
        gridTemplateColumns: { base: '1fr', lg: '1.05fr 1fr' },
        minH: '100dvh',
      })}
    >
      <LoginAside />

      <main
        className={flex({
          align: 'center',
          justify: 'center',
          p: { base: '5', sm: '8' },
        })}
      >
        <div className={css({ w: 'full', maxW: '25rem' })}>
          <LoginBrand />
          {forgot ? (
            <ForgotPassword
              initialEmail={values.email}
              onBack={() => setForgot(false)}
              onDone={async (email, password) => {
                await loginMutation.mutateAsync({ email, password })
                await goOn()
              }}
            />
          ) : (
            <>
              <h1 className={css({ textStyle: 'pageTitle' })}>Masuk ke Akun Anda</h1>
              <p className={css({ mt: '1.5', fontSize: 'sm', color: 'fgMuted' })}>
                Gunakan email dan password yang diberikan oleh administrator.
              </p>

              <form onSubmit={onSubmit} noValidate className={stack({ mt: '8', gap: '4' })}>
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
                <PasswordField
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  placeholder="••••••••"
                  value={values.password}
                  onChange={(e) => update('password', e.target.value)}
                  error={errors.password}
                />
                <button
                  type="button"
                  onClick={() => {
                    setFormError(null)
                    setForgot(true)
                  }}
                  className={css({
                    alignSelf: 'flex-end',
                    mt: '-1',
                    py: '1',
                    fontSize: 'sm',
                    fontWeight: '500',
                    color: 'blue.700',
                    cursor: 'pointer',
                    borderRadius: 'sm',
                    _hover: { textDecoration: 'underline' },
                    _focusVisible: { outline: 'none', boxShadow: 'focus' },
                  })}
                >
                  Lupa password?
                </button>
                <Button
                  type="submit"
                  size="lg"
                  fullWidth
                  disabled={loginMutation.isPending}
                  className={css({ mt: '2' })}
                >
                  {loginMutation.isPending ? 'Memproses...' : 'Masuk'}
                </Button>
              </form>
            </>
          )}
        </div>
      </main>
    </div>
  )
}
