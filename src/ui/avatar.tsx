import { Avatar as ArkAvatar } from '@ark-ui/react/avatar'
import { cx } from 'styled-system/css'
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

export function Avatar({
  name,
  src,
  size,
  className,
}: AvatarVariantProps & { name: string; src?: string | null; className?: string }) {
  const s = avatar({ size })
  const url = resolveSrc(src)
  return (
    <ArkAvatar.Root className={cx(s.root, className)}>
      <ArkAvatar.Fallback className={s.fallback}>{initialOf(name)}</ArkAvatar.Fallback>
      {url ? <ArkAvatar.Image className={s.image} src={url} alt={`Foto ${name}`} /> : null}
    </ArkAvatar.Root>
  )
}
