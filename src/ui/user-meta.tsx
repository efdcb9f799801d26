import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import type { User } from '../contracts/auth'
import { formatDate } from '../lib/format'
import { IconCalendar, IconMail, IconPhone } from './icons'

const metaRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  color: 'fgMuted',
  minW: '0',
  '& svg': { color: 'fgSubtle', flexShrink: 0 },
})

/** Email, phone and join date of a user card, below a divider. */
export function UserMeta({ user }: { user: User }) {
  return (
    <div
      className={stack({
        gap: '2',
        pt: '3',
        borderTopWidth: '1px',
        borderColor: 'border',
      })}
    >
      <span className={metaRow}>
        <IconMail /> <span className={css({ truncate: true })}>{user.email}</span>
      </span>
      <span className={metaRow}>
        <IconPhone /> {user.phone || '-'}
      </span>
      <span className={metaRow}>
        <IconCalendar /> Bergabung {formatDate(user.created_at)}
      </span>
    </div>
  )
}
