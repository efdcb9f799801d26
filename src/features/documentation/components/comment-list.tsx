import type { ReactNode, Ref } from 'react'
import { css } from 'styled-system/css'
import { flex, hstack, vstack } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import type { DocComment } from '../../../contracts/documentation'
import { formatDateTime, formatRelativeTime } from '../../../lib/format'
import type { OutboxItem } from '../../../lib/outbox-types'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { IconAlertCircle, IconMessageSquare, IconWifiOff } from '../../../ui/icons'
import { RoleBadge } from '../../../ui/role-badge'
import { Spinner } from '../../../ui/spinner'
import { WaitingMark } from './queued-doc-card'

/** One comment: the author's avatar, name and role, then `meta` (its time, or that it waits), the text. */
function CommentRow({
  name,
  role,
  meta,
  content,
  waiting = false,
}: {
  name: string
  role: User['role']
  meta: ReactNode
  content: string | undefined
  /** Written on this phone and still in the outbox: its text is muted. */
  waiting?: boolean
}) {
  return (
    <li
      data-testid={waiting ? 'queued-comment' : undefined}
      className={css({
        display: 'flex',
        gap: '3',
        py: '3',
        '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
      })}
    >
      <Avatar name={name} size="sm" />
      <div className={css({ minW: '0', flex: '1' })}>
        <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
          <span className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>{name}</span>
          <RoleBadge role={role} />
          {meta}
        </div>
        <p
          className={css({
            mt: '1',
            fontSize: 'sm',
            color: waiting ? 'fgMuted' : 'fg',
            whiteSpace: 'pre-line',
            wordBreak: 'break-word',
          })}
        >
          {content}
        </p>
      </div>
    </li>
  )
}

/** The thread, oldest first: the server's comments, then this phone's that wait in the outbox. */
export function CommentList({
  comments,
  queued,
  user,
  listRef,
}: {
  comments: DocComment[] | undefined
  queued: OutboxItem[]
  user: User
  listRef: Ref<HTMLOListElement>
}) {
  return (
    <ol ref={listRef} aria-label="Daftar komentar" className={flex({ direction: 'column' })}>
      {comments?.map((c) => (
        <CommentRow
          key={c.id}
          name={c.user.name}
          role={c.user.role}
          content={c.content}
          meta={
            <time
              dateTime={c.timestamp}
              title={formatDateTime(c.timestamp)}
              className={css({ fontSize: 'xs', color: 'fgSubtle' })}
            >
              {formatRelativeTime(c.timestamp)}
            </time>
          }
        />
      ))}
      {queued.map((q) => (
        <CommentRow
          key={q.key}
          name={user.name}
          role={user.role}
          content={q.detail}
          meta={<WaitingMark item={q} compact />}
          waiting
        />
      ))}
    </ol>
  )
}

/** Offline, a thread never opened on this phone: nothing of it is saved here. */
export function CommentsNotSaved() {
  return (
    <p
      data-testid="comments-not-saved"
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        py: '3',
        fontSize: 'sm',
        color: 'fgMuted',
        '& svg': { flexShrink: 0, w: '4', h: '4' },
      })}
    >
      <IconWifiOff aria-hidden="true" /> Komentar lama belum tersimpan di perangkat ini
    </p>
  )
}

export function CommentsLoading() {
  return (
    <p
      role="status"
      className={hstack({
        justify: 'center',
        gap: '2',
        py: '10',
        fontSize: 'sm',
        color: 'fgMuted',
      })}
    >
      <Spinner /> Memuat komentar...
    </p>
  )
}

export function CommentsFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className={vstack({
        gap: '3',
        py: '8',
        textAlign: 'center',
      })}
    >
      <IconAlertCircle className={css({ w: '6', h: '6', color: 'danger' })} />
      <p className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>Gagal memuat komentar</p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        Coba lagi
      </Button>
    </div>
  )
}

export function NoComments() {
  return (
    <div
      className={vstack({
        gap: '2',
        py: '10',
        textAlign: 'center',
        color: 'fgSubtle',
      })}
    >
      <IconMessageSquare className={css({ w: '6', h: '6' })} />
      <p className={css({ fontSize: 'sm', fontWeight: '600', color: 'fgMuted' })}>Belum ada komentar</p>
      <p className={css({ fontSize: 'xs' })}>Jadilah yang pertama memberi catatan untuk foto ini.</p>
    </div>
  )
}
