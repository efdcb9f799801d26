import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from './button'
import { IconTile } from './icon-tile'

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode
  title: string
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: '2',
        py: '14',
        px: '6',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'borderStrong',
        borderRadius: 'lg',
        bg: 'surface',
      })}
    >
      {icon ? (
        <IconTile size="2xl" shape="circle" className={css({ mb: '2', bg: 'subtle', color: 'fgSubtle' })}>
          {icon}
        </IconTile>
      ) : null}
      <p className={css({ fontWeight: '600', color: 'fg' })}>{title}</p>
      {description ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted', maxW: 'sm' })}>{description}</p>
      ) : null}
      {action ? <div className={css({ mt: '3' })}>{action}</div> : null}
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
