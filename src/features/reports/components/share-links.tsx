import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { SHARE_MSG, type Share } from '../../../contracts/shares'
import { failureMessage } from '../../../lib/api'
import { ListCard } from '../../../ui/list-card'
import { notify } from '../../../ui/notify'
import { Skeleton } from '../../../ui/skeleton'
import { copyText } from '../clipboard'
import { useRevokeShare } from '../queries'
import { RevokeConfirm, ShareActions, ShareInfo } from './share-link-parts'
import { ShareResend } from './share-resend'

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
                <ShareInfo share={share} showPeriod={showPeriod} />
                {share.state === 'active' && confirming !== share.id && resending !== share.id ? (
                  <ShareActions
                    share={share}
                    onCopy={(el) => onCopy(share, el)}
                    onResend={() => setResending(share.id)}
                    onRevoke={() => setConfirming(share.id)}
                  />
                ) : null}
              </div>
              {resending === share.id && share.state === 'active' ? (
                <ShareResend slug={slug} share={share} onClose={() => setResending(null)} />
              ) : null}
              {confirming === share.id ? (
                <RevokeConfirm
                  pending={revoke.isPending}
                  onCancel={() => setConfirming(null)}
                  onConfirm={() => onRevoke(share)}
                />
              ) : null}
            </li>
          ))}
        </ListCard>
      )}
    </section>
  )
}
