import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, vstack } from 'styled-system/patterns'
import { COMMENT_MAX, type Doc } from '../../../contracts/documentation'
import { failureMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { formatDateTime, formatRelativeTime } from '../../../lib/format'
import { newRequestId } from '../../../lib/upload-request'
import { useOnline } from '../../../lib/use-online'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { Dialog, useDialogStyles } from '../../../ui/dialog'
import { IconAlertCircle, IconMessageSquare, IconSend, IconWifiOff } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { OfflineNote } from '../../../ui/offline-note'
import { RoleBadge } from '../../../ui/role-badge'
import { Spinner } from '../../../ui/spinner'
import { useQueuedComments } from '../outbox'
import { docCommentsQueryOptions, useAddComment } from '../queries'
import { WaitingMark } from './queued-doc-card'

/**
 * The comments of one item (SPEC, comment dialog): author name, role, content and time; 'Belum ada
 * komentar' when there are none; 'Gagal memuat komentar' with 'Coba lagi' when the list fails. Writing
 * sends with an Idempotency-Key kept until the text changes, so a retry after a lost answer lands once.
 */
export function CommentDialog({
  slug,
  doc,
  onClose,
}: {
  slug: string
  doc: Doc | null
  onClose: () => void
}) {
  return (
    <Dialog.Root
      open={doc !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <Dialog.Header
        title="Komentar"
        description={doc ? <span className={css({ lineClamp: '2' })}>{doc.description}</span> : undefined}
      />
      {doc ? <CommentThread key={doc.uuid} slug={slug} doc={doc} /> : null}
    </Dialog.Root>
  )
}

function CommentThread({ slug, doc }: { slug: string; doc: Doc }) {
  const comments = useQuery({ ...docCommentsQueryOptions(slug, doc.uuid), staleTime: 0 })
  const add = useAddComment(slug, doc.uuid)
  const user = useCurrentUser()
  // Comments written on this phone that wait in the outbox: shown after the others, marked as waiting.
  const queued = useQueuedComments(slug, doc.uuid)
  const [text, setText] = useState('')
  const keyRef = useRef<{ text: string; key: string } | null>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const count = (comments.data?.length ?? 0) + queued.length
  const online = useOnline()
  const styles = useDialogStyles()
  // Without signal a thread never opened on this phone has nothing saved: it says so, and a comment
  // written now is queued like any other (no red 'Gagal memuat komentar' for a fetch that cannot run).
  const notSaved = !comments.data && (!online || comments.fetchStatus === 'paused')

  // Newest at the bottom, like a chat: keep it in view when the list grows.
  useEffect(() => {
    if (count > 0) listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [count])

  const trimmed = text.trim()

  async function submit(e?: FormEvent) {
    e?.preventDefault()
    if (!trimmed || add.isPending) return
    if (keyRef.current?.text !== trimmed) keyRef.current = { text: trimmed, key: newRequestId() }
    try {
      await add.mutateAsync({ comment: trimmed, key: keyRef.current.key })
      keyRef.current = null
      setText('')
    } catch (err) {
      notify(
        'error',
        failureMessage(err, {
          failed: 'Gagal mengirim komentar',
          thrown: 'Terjadi kesalahan saat mengirim komentar',
        }),
      )
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit()
  }

  return (
    <>
      <Dialog.Body flush>
        <div
          className={css({
            minH: '40',
            maxH: { base: '50dvh', sm: '24rem' },
            overflowY: 'auto',
            px: '6',
            py: '3',
            borderTopWidth: '1px',
            borderColor: 'border',
          })}
        >
          {notSaved ? (
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
          ) : comments.data && !online ? (
            <OfflineNote className={css({ mb: '2' })} />
          ) : null}
          {comments.isPending && queued.length === 0 && !notSaved ? (
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
          ) : notSaved && queued.length === 0 ? null : comments.isError &&
            !comments.data &&
            queued.length === 0 ? (
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
              <Button
                variant="secondary"
                size="sm"
                onClick={() => comments.refetch()}
                loading={comments.isFetching}
              >
                Coba lagi
              </Button>
            </div>
          ) : count === 0 ? (
            <div
              className={vstack({
                gap: '2',
                py: '10',
                textAlign: 'center',
                color: 'fgSubtle',
              })}
            >
              <IconMessageSquare className={css({ w: '6', h: '6' })} />
              <p className={css({ fontSize: 'sm', fontWeight: '600', color: 'fgMuted' })}>
                Belum ada komentar
              </p>
              <p className={css({ fontSize: 'xs' })}>Jadilah yang pertama memberi catatan untuk foto ini.</p>
            </div>
          ) : (
            <ol ref={listRef} aria-label="Daftar komentar" className={flex({ direction: 'column' })}>
              {comments.data?.map((c) => (
                <li
                  key={c.id}
                  className={css({
                    display: 'flex',
                    gap: '3',
                    py: '3',
                    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
                  })}
                >
                  <Avatar name={c.user.name} size="sm" />
                  <div className={css({ minW: '0', flex: '1' })}>
                    <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
                      <span className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>
                        {c.user.name}
                      </span>
                      <RoleBadge role={c.user.role} />
                      <time
                        dateTime={c.timestamp}
                        title={formatDateTime(c.timestamp)}
                        className={css({ fontSize: 'xs', color: 'fgSubtle' })}
                      >
                        {formatRelativeTime(c.timestamp)}
                      </time>
                    </div>
                    <p
                      className={css({
                        mt: '1',
                        fontSize: 'sm',
                        color: 'fg',
                        whiteSpace: 'pre-line',
                        wordBreak: 'break-word',
                      })}
                    >
                      {c.content}
                    </p>
                  </div>
                </li>
              ))}
              {queued.map((q) => (
                <li
                  key={q.key}
                  data-testid="queued-comment"
                  className={css({
                    display: 'flex',
                    gap: '3',
                    py: '3',
                    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
                  })}
                >
                  <Avatar name={user.name} size="sm" />
                  <div className={css({ minW: '0', flex: '1' })}>
                    <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
                      <span className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>
                        {user.name}
                      </span>
                      <RoleBadge role={user.role} />
                      <WaitingMark item={q} compact />
                    </div>
                    <p
                      className={css({
                        mt: '1',
                        fontSize: 'sm',
                        color: 'fgMuted',
                        whiteSpace: 'pre-line',
                        wordBreak: 'break-word',
                      })}
                    >
                      {q.detail}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </Dialog.Body>
      {/* The composer is the dialog's footer: its look, tighter, the send button level with the text's end. */}
      <form
        onSubmit={submit}
        aria-label="Tulis komentar"
        className={cx(
          styles.footer,
          css({ alignItems: 'flex-end', px: '4', py: '3', borderBottomRadius: { base: '0', sm: 'xl' } }),
        )}
      >
        <label htmlFor={`comment-${doc.uuid}`} className={css({ srOnly: true })}>
          Komentar
        </label>
        <textarea
          id={`comment-${doc.uuid}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Tulis komentar..."
          rows={2}
          maxLength={COMMENT_MAX}
          className={css({
            flex: '1',
            minW: '0',
            resize: 'none',
            px: '3',
            py: '2',
            fontSize: 'sm',
            color: 'fg',
            bg: 'surface',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'md',
            outline: 'none',
            _focus: { borderColor: 'brand', boxShadow: 'focus' },
          })}
        />
        <Button type="submit" disabled={!trimmed} loading={add.isPending} aria-label="Kirim komentar">
          {add.isPending ? null : <IconSend />}
          Kirim
        </Button>
      </form>
    </>
  )
}
