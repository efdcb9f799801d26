import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { badge, notice } from 'styled-system/recipes'
import { periodLabel } from '../../../contracts/days'
import { SHARE_MSG, type Share, type ShareState } from '../../../contracts/shares'
import { failureMessage } from '../../../lib/api'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconEye, IconFiles, IconLock, IconSend, IconXCircle } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { notify } from '../../../ui/notify'
import { Skeleton } from '../../../ui/skeleton'
import { copyText } from '../clipboard'
import { useRevokeShare } from '../queries'
import { localPhone } from '../share-send'
import { ShareResend } from './share-resend'

const STATE_TONE: Record<ShareState, string> = {
  active: badge({ tone: 'approved' }),
  expired: badge({ tone: 'neutral' }),
  revoked: badge({ tone: 'rejected' }),
}

/**
 * The links already made (of this report, or the project's period links): whom each is for (its label),
 * state, expiry, views, PIN, the number it was last sent to; 'Salin', 'Kirim ulang' and 'Cabut'. 'Cabut'
 * asks and 'Kirim ulang' takes the number in the row itself (a second modal over this one would trap
 * focus twice).
 */
export function ShareLinks({
  slug,
  shares,
  loading,
  error,
  showPeriod,
}: {
  slug: string
  shares: Share[]
  loading: boolean
  error: string | null
  showPeriod: boolean
}) {
  const revoke = useRevokeShare(slug)
  const [confirming, setConfirming] = useState<number | null>(null)
  const [resending, setResending] = useState<number | null>(null)

  async function onRevoke(share: Share) {
    try {
      await revoke.mutateAsync(share)
      notify('success', SHARE_MSG.revoked)
      setConfirming(null)
    } catch (err) {
      notify('error', failureMessage(err, { failed: SHARE_MSG.revokeFailed, thrown: SHARE_MSG.revokeFailed }))
    }
  }

  async function onCopy(share: Share, el: HTMLElement) {
    if (await copyText(share.url, el)) notify('success', SHARE_MSG.copied)
    else notify('info', SHARE_MSG.copyFailed, share.url)
  }

  return (
    <section aria-labelledby="share-links-title" className={css({ mt: '1' })}>
      <h3 id="share-links-title" className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg', mb: '2' })}>
        {SHARE_MSG.listTitle}
        {shares.length > 0 ? (
          <span className={css({ ml: '1.5', fontWeight: '400', color: 'fgSubtle' })}>{shares.length}</span>
        ) : null}
      </h3>
      {loading ? (
        <Skeleton className={css({ h: '14', w: 'full', borderRadius: 'md' })} />
      ) : error ? (
        <p className={css({ fontSize: 'sm', color: 'danger.fg' })}>{error}</p>
      ) : shares.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>{SHARE_MSG.noLinks}</p>
      ) : (
        <ListCard aria-label={SHARE_MSG.listTitle}>
          {shares.map((share) => (
            <li key={share.id} data-testid="share-row" className={css({ px: '3', py: '2.5' })}>
              <div
                className={flex({ gap: '2', align: 'center', justify: 'space-between', flexWrap: 'wrap' })}
              >
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
                {share.state === 'active' && confirming !== share.id && resending !== share.id ? (
                  <div className={hstack({ gap: '1', flexWrap: 'wrap' })}>
                    <Button
                      variant="ghost"
                      size="xs"
                      onClick={(e) => onCopy(share, e.currentTarget)}
                      aria-label={`${SHARE_MSG.copyShort} ${share.url}`}
                    >
                      <IconFiles /> {SHARE_MSG.copyShort}
                    </Button>
                    <Button
                      variant="ghost"
                      size="xs"
                      onClick={() => setResending(share.id)}
                      needsSignal={needsSignalTo('mengirim')}
                      className={css({ color: 'green.800' })}
                      aria-label={share.sent_phone ? undefined : SHARE_MSG.sendFirstName}
                    >
                      <IconSend /> {share.sent_phone ? SHARE_MSG.resend : SHARE_MSG.sendFirst}
                    </Button>
                    <Button
                      variant="dangerGhost"
                      size="xs"
                      onClick={() => setConfirming(share.id)}
                      needsSignal={needsSignalTo('mencabut tautan')}
                    >
                      <IconXCircle /> {SHARE_MSG.buttonRevoke}
                    </Button>
                  </div>
                ) : null}
              </div>
              {resending === share.id && share.state === 'active' ? (
                <ShareResend slug={slug} share={share} onClose={() => setResending(null)} />
              ) : null}
              {confirming === share.id ? (
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
                    <Button
                      variant="secondary"
                      size="xs"
                      onClick={() => setConfirming(null)}
                      disabled={revoke.isPending}
                    >
                      Batal
                    </Button>
                    <Button
                      variant="danger"
                      size="xs"
                      onClick={() => onRevoke(share)}
                      loading={revoke.isPending}
                      needsSignal={needsSignalTo('mencabut tautan')}
                    >
                      {SHARE_MSG.buttonRevoke}
                    </Button>
                  </div>
                </section>
              ) : null}
            </li>
          ))}
        </ListCard>
      )}
    </section>
  )
}
