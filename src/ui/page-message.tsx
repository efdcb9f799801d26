import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { vstack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { IconTile } from './icon-tile'
import { IconHome, IconShieldAlert } from './icons'

/** A page-level message in place of content: an icon in a round tile, a title, a line and an action. */
export function PageMessage({
  icon,
  tone = 'neutral',
  title,
  description,
  action,
}: {
  icon: ReactNode
  tone?: 'neutral' | 'danger'
  title: string
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <div
      className={vstack({
        textAlign: 'center',
        gap: '3',
        py: { base: '16', md: '24' },
        px: '6',
      })}
    >
      <IconTile
        size="3xl"
        shape="circle"
        fit={false}
        className={cx(
          css({ mb: '1' }),
          tone === 'danger'
            ? css({ bg: 'danger.soft', color: 'danger' })
            : css({ bg: 'subtle', color: 'fgSubtle' }),
        )}
      >
        {icon}
      </IconTile>
      <h1 className={css({ textStyle: 'pageTitle' })}>{title}</h1>
      {description ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted', maxW: 'sm' })}>{description}</p>
      ) : null}
      {action ? <div className={css({ mt: '3' })}>{action}</div> : null}
    </div>
  )
}

export function AccessDenied({ message }: { message?: string }) {
  return (
    <PageMessage
      icon={<IconShieldAlert size={28} />}
      tone="danger"
      title="Access Denied"
      description={message}
      // Not a dead end: the dashboard is open to every role.
      action={
        <Link to="/" className={button({ variant: 'primary' })}>
          <IconHome /> Kembali ke Dashboard
        </Link>
      }
    />
  )
}
