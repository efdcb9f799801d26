import type { ReactNode } from 'react'
import { type EmptyStateVariantProps, emptyState } from 'styled-system/recipes'
import { Button } from './button'
import { IconTile } from './icon-tile'

/**
 * A message in place of content, the one part for every such place: an empty list (`layout="box"`,
 * the default: a dashed box), the same inside a dialog or card (`plain`), or a whole page that has
 * nothing to show (`page`: not found, no access; its title is the page's h1). An icon in a round
 * tile (`tone` colours it), a title, a line and an action, each optional but the title.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  layout,
  tone,
}: {
  icon?: ReactNode
  title: string
  description?: ReactNode
  action?: ReactNode
} & EmptyStateVariantProps) {
  const s = emptyState({ layout, tone })
  return (
    <div className={s.root}>
      {icon ? (
        <IconTile size={layout === 'page' ? '3xl' : '2xl'} shape="circle" className={s.tile}>
          {icon}
        </IconTile>
      ) : null}
      {layout === 'page' ? <h1 className={s.title}>{title}</h1> : <p className={s.title}>{title}</p>}
      {description ? <p className={s.description}>{description}</p> : null}
      {action ? <div className={s.action}>{action}</div> : null}
    </div>
  )
}

/** A list or page that failed to load: what failed, why (the server's message or the network), and 'Coba lagi'. */
export function LoadFailed({
  icon,
  title,
  description,
  onRetry,
}: {
  icon: ReactNode
  title: string
  description?: ReactNode
  onRetry: () => unknown
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={() => onRetry()}>
          Coba lagi
        </Button>
      }
    />
  )
}
