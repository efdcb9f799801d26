import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { COMMENT_MAX } from '../../../contracts/documentation'
import { failureMessage } from '../../../lib/api'
import { newRequestId } from '../../../lib/upload-request'
import { Button } from '../../../ui/button'
import { useDialogStyles } from '../../../ui/dialog'
import { IconSend } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { useAddComment } from '../queries'

/**
 * The comment dialog's footer: the text and 'Kirim' (Ctrl/Cmd+Enter too). It sends with an
 * Idempotency-Key kept until the text changes, so a retry after a lost answer lands once.
 */
export function CommentComposer({ slug, docUuid }: { slug: string; docUuid: string }) {
  const add = useAddComment(slug, docUuid)
  const [text, setText] = useState('')
  const keyRef = useRef<{ text: string; key: string } | null>(null)
  const styles = useDialogStyles()
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

  // The composer is the dialog's footer: its look, tighter, the send button level with the text's end.
  return (
    <form
      onSubmit={submit}
      aria-label="Tulis komentar"
      className={cx(
        styles.footer,
        css({ alignItems: 'flex-end', px: '4', py: '3', borderBottomRadius: { base: '0', sm: 'xl' } }),
      )}
    >
      <label htmlFor={`comment-${docUuid}`} className={css({ srOnly: true })}>
        Komentar
      </label>
      <textarea
        id={`comment-${docUuid}`}
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
  )
}
