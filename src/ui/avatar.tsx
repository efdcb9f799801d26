import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { type AvatarVariantProps, avatar } from 'styled-system/recipes'

/** Turns a stored path (/storage/...) into a URL against the API base. */
function resolveSrc(src: string | null | undefined) {
  if (!src) return undefined
  if (/^(https?:|blob:|data:)/.test(src)) return src
  const base = import.meta.env.VITE_API_URL ?? ''
  return `${base}${src.startsWith('/') ? '' : '/'}${src}`
}

export function initialOf(name: string | null | undefined) {
  return (name?.trim()?.[0] ?? '?').toUpperCase()
}

/**
 * Placeholder colours: a light tint with a dark initial of the same hue (contrast above 7:1 for each), so
 * people in a list are told apart at a glance instead of all sharing one blue.
 */
const TONES = [
  css({ bg: 'blue.100', color: 'blue.800' }),
  css({ bg: 'emerald.100', color: 'emerald.800' }),
  css({ bg: 'amber.100', color: 'amber.800' }),
  css({ bg: 'rose.100', color: 'rose.800' }),
  css({ bg: 'violet.100', color: 'violet.800' }),
  css({ bg: 'cyan.100', color: 'cyan.800' }),
  css({ bg: 'orange.100', color: 'orange.800' }),
  css({ bg: 'indigo.100', color: 'indigo.800' }),
  css({ bg: 'teal.100', color: 'teal.800' }),
  css({ bg: 'fuchsia.100', color: 'fuchsia.800' }),
]

/** The same name always gets the same tone (FNV-1a over the trimmed, lower-cased name). */
export function avatarTone(name: string | null | undefined): number {
  let hash = 0x811c9dc5
  for (const ch of (name ?? '').trim().toLowerCase()) {
    hash ^= ch.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % TONES.length
}

/**
 * A photo over the initial; the initial stays when there is no photo or it fails to load. Plain
 * elements: a list of fifty people should not start fifty state machines.
 */
export function Avatar({
  name,
  src,
  size,
  className,
}: AvatarVariantProps & { name: string; src?: string | null; className?: string }) {
  const s = avatar({ size })
  const url = resolveSrc(src)
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = url !== undefined && failed !== url
  return (
    <span className={cx(s.root, TONES[avatarTone(name)], className)} data-tone={avatarTone(name)}>
      <span className={s.fallback} aria-hidden={showImage || undefined}>
        {initialOf(name)}
      </span>
      {showImage ? (
        <img className={s.image} src={url} alt={`Foto ${name}`} onError={() => setFailed(url)} />
      ) : null}
    </span>
  )
}
