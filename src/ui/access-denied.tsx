import { Link } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'
import { EmptyState } from './empty-state'
import { IconHome, IconShieldAlert } from './icons'

/** The page a role may not open: 'Access Denied' (SPEC) and the way back to the dashboard. */
export function AccessDenied({ message }: { message?: string }) {
  return (
    <EmptyState
      layout="page"
      icon={<IconShieldAlert />}
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
