import type { ForgotInput, LoginInput, LoginResult, ResetInput } from '../../contracts/auth'
import * as authEndpoints from '../../contracts/auth.endpoints'
import { call } from '../../lib/api'

/**
 * Device tokens per email (server/modules/auth/login-devices.ts): shown at the next login, they keep this
 * browser out of an account's lockout while someone else guesses its password. Not a credential, so
 * logout keeps them; a shared phone keeps one per account.
 */
const DEVICES_KEY = 'berkas-login-devices'

function readDevices(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICES_KEY) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {}
  } catch {
    return {}
  }
}

export async function login(input: LoginInput): Promise<LoginResult> {
  const email = (input.email ?? '').trim().toLowerCase()
  const device = readDevices()[email]
  const { data: result } = await call(
    authEndpoints.login,
    {},
    input,
    device ? { headers: { 'X-Login-Device': device } } : {},
  )
  if (result.device_token && result.device_token !== device) {
    try {
      localStorage.setItem(DEVICES_KEY, JSON.stringify({ ...readDevices(), [email]: result.device_token }))
    } catch {
      // Storage full or blocked: the next login is throttled like any other, nothing worse.
    }
  }
  return result
}

/** 'Lupa password?': the server answers the same whatever the email (no account is revealed). */
export async function requestResetCode(input: ForgotInput): Promise<string> {
  return (await call(authEndpoints.forgot, {}, input)).message
}

/** A new password with the code from WhatsApp; the caller then logs in with it. */
export async function resetWithCode(input: ResetInput): Promise<void> {
  await call(authEndpoints.reset, {}, input)
}
