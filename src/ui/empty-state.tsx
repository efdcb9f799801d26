import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

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
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            w: '12',
            h: '12',
            mb: '2',
            borderRadius: 'full',
            bg: 'subtle',
            color: 'fgSubtle',
            '& svg': { w: '6', h: '6' },
          })}
        >
          {icon}
        </div>
      ) : null}
      <p className={css({ fontWeight: '600', color: 'fg' })}>{title}</p>
      {description ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted', maxW: 'sm' })}>{description}</p>
      ) : null}
      {action ? <div className={css({ mt: '3' })}>{action}</div> : null}
    </div>
  )
}
