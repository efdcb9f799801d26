import { hash, verify } from '@node-rs/argon2'

// argon2id with the OWASP minimum (19 MiB, t=2, p=1). Algorithm 2 = Argon2id.
const PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, PARAMS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which emails exist. */
let dummy: Promise<string> | undefined
export const dummyHash = () => {
  dummy ??= hashPassword('berkas-timing-equaliser')
  return dummy
}
