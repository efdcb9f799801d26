import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { badge, notice } from 'styled-system/recipes'
import { periodLabel } from '../../../contracts/days'
import { SHARE_MSG, type Share, type ShareState } from '../../../contracts/shares'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconEye, IconFiles, IconLock, IconSend, IconXCircle } from '../../../ui/icons'
import { localPhone } from '../share-send'

const STATE_TONE: Record<ShareState, string> = {
  active: badge({ tone: 'approved' }),
  expired: badge({ tone: 'neutral' }),
  revoked: badge({ tone: 'rejected' }),
}

/** Whom a link is for, its state and expiry, views, PIN, its period, and the number it was last sent to. */
export function ShareInfo({ share, showPeriod }: { share: Share; showPeriod: boolean }) {
  return (
    <div className={css({ minW: '0' })}>
      <p
        data-testid="share-label"
        className={css({
          fontSize: 'sm',
          fontWeight: '600',
          color: share.label ? 'fg' : 'fgSubtle',
          mb: '1',
          overflowWrap: 'anywhere',
        })}
      >
        {share.label ?? SHARE_MSG.unlabeled}
      </p>
      <p className={hstack({ gap: '2', flexWrap: 'wrap' })}>
        <span className={STATE_TONE[share.state]}>{SHARE_MSG.states[share.state]}</span>
        <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>
          {share.state === 'revoked'
            ? `Dicabut ${share.revoked_at ? jakartaDateTime(share.revoked_at) : ''}`
            : `${share.state === 'expired' ? 'Berakhir' : 'Berlaku sampai'} ${jakartaDateTime(share.expires_at)}`}
        </span>
      </p>
      <p
        className={hstack({
          gap: '3',
          mt: '1',
          fontSize: 'xs',
          color: 'fgMuted',
          flexWrap: 'wrap',
          '& > span': { display: 'inline-flex', alignItems: 'center', gap: '1' },
          '& svg': { w: '3.5', h: '3.5' },
        })}
      >
        <span>
          <IconEye /> {SHARE_MSG.views(share.view_count)}
        </span>
        <span>
          <IconLock /> {share.has_pin ? SHARE_MSG.withPin : SHARE_MSG.noPin}
        </span>
        {showPeriod ? <span>{periodLabel(share.period_from, share.period_to)}</span> : null}
        <span data-testid="share-sent">
          <IconSend />{' '}
          {share.sent_phone && share.sent_at
            ? SHARE_MSG.sentTo(localPhone(share.sent_phone), jakartaDateTime(share.sent_at))
            : SHARE_MSG.notSent}
        </span>
      </p>
    </div>
  )
}

/** 'Salin', 'Kirim' or 'Kirim ulang', and 'Cabut' of an active link. */
export function ShareActions({
  share,
  onCopy,
  onResend,
  onRevoke,
}: {
  share: Share
  onCopy: (el: HTMLElement) => void
  onResend: () => void
  onRevoke: () => void
}) {
  return (
    <div className={hstack({ gap: '1', flexWrap: 'wrap' })}>
      <Button
        variant="ghost"
        size="xs"
        onClick={(e) => onCopy(e.currentTarget)}
        aria-label={`${SHARE_MSG.copyShort} ${share.url}`}
      >
        <IconFiles /> {SHARE_MSG.copyShort}
      </Button>
      <Button
        variant="ghost"
        size="xs"
        onClick={onResend}
        needsSignal={needsSignalTo('mengirim')}
        className={css({ color: 'green.800' })}
        aria-label={share.sent_phone ? undefined : SHARE_MSG.sendFirstName}
      >
        <IconSend /> {share.sent_phone ? SHARE_MSG.resend : SHARE_MSG.sendFirst}
      </Button>
      <Button
        variant="dangerGhost"
        size="xs"
        onClick={onRevoke}
        needsSignal={needsSignalTo('mencabut tautan')}
      >
        <IconXCircle /> {SHARE_MSG.buttonRevoke}
      </Button>
    </div>
  )
}

/** 'Cabut tautan?' in the row itself (a second modal over the dialog would trap focus twice). */
export function RevokeConfirm({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <section
      aria-label={SHARE_MSG.revokeTitle}
      className={cx(
        notice({ tone: 'danger', size: 'sm' }),
        flex({
          direction: { base: 'column', sm: 'row' },
          gap: '2',
          align: { sm: 'center' },
          mt: '2',
        }),
      )}
    >
      <p className={css({ flex: '1' })}>
        <strong>{SHARE_MSG.revokeTitle}</strong> {SHARE_MSG.revokeText}
      </p>
      <div className={hstack({ gap: '2', justify: 'flex-end' })}>
        <Button variant="secondary" size="xs" onClick={onCancel} disabled={pending}>
          Batal
        </Button>
        <Button
          variant="danger"
          size="xs"
          onClick={onConfirm}
          loading={pending}
          needsSignal={needsSignalTo('mencabut tautan')}
        >
          {SHARE_MSG.buttonRevoke}
        </Button>
      </div>
    </section>
  )
}
