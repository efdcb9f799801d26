import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { NOTIFICATION_CHANNELS_MSG, NOTIFICATION_TYPE_LABELS } from '../../../contracts/notification-channels'
import { useCurrentUser } from '../../../lib/current-user'
import { useOnline } from '../../../lib/use-online'
import { Card } from '../../../ui/card'
import { IconTile } from '../../../ui/icon-tile'
import { IconInfo, IconSmartphone } from '../../../ui/icons'
import { NotStoredHere, notStored } from '../../../ui/not-stored'
import { notify } from '../../../ui/notify'
import { Skeleton } from '../../../ui/skeleton'
import { Switch } from '../../../ui/switch'
import { notificationChannelsQueryOptions, useSaveNotificationChannels } from '../channels-queries'

const row = hstack({
  justify: 'space-between',
  gap: '4',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border',
  _first: { borderTopWidth: '0' },
})

/**
 * 'Notifikasi WhatsApp' in the profile (issue 32): which notifications the bot also sends to this
 * person's WhatsApp; the bell keeps all of them. Admins also choose between the projects they take part
 * in (default) and every project. Each switch saves at once.
 */
export function WhatsAppChannelsCard() {
  // Who has no bell (the superadmin) has nothing to choose.
  const { can } = useCurrentUser()
  const channels = useQuery({ ...notificationChannelsQueryOptions(), enabled: can.notifications })
  const save = useSaveNotificationChannels()
  const online = useOnline()
  if (!can.notifications) return null
  const data = channels.data

  function change(input: Parameters<typeof save.mutate>[0]) {
    save.mutate(input, { onError: () => notify('error', NOTIFICATION_CHANNELS_MSG.saveFailed) })
  }

  return (
    <Card padding="lg" aria-labelledby="wa-channels-title" role="region">
      <div className={hstack({ gap: '3', mb: '4', alignItems: 'flex-start' })}>
        <IconTile
          size="md"
          fit={false}
          className={css({ flexShrink: 0, bg: 'green.50', color: 'green.700' })}
        >
          <IconSmartphone size={18} />
        </IconTile>
        <div className={css({ minW: 0 })}>
          <h2 id="wa-channels-title" className={css({ textStyle: 'sectionTitle' })}>
            Notifikasi WhatsApp
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
            Lonceng di aplikasi tetap menampilkan semuanya. Pilih yang juga dikirim ke WhatsApp
            {data?.phone ? ` +${data.phone}` : ' Anda'}.
          </p>
        </div>
      </div>
      {data && !data.phone ? (
        <p className={note} data-testid="wa-no-phone">
          <IconInfo size={16} /> Nomor telepon di profil belum bisa dipakai WhatsApp, jadi belum ada yang
          dikirim. Isi nomor telepon di atas.
        </p>
      ) : null}
      {!online ? (
        <p className={note}>
          <IconInfo size={16} /> Sedang offline: pilihan bisa diubah lagi saat ada sinyal.
        </p>
      ) : null}
      {!data && notStored(channels, online) ? (
        // Offline and never loaded on this device: said once, not skeletons until the signal returns.
        <NotStoredHere title="Pilihan WhatsApp belum tersimpan di perangkat ini" />
      ) : !data ? (
        <div className={stack({ gap: '3' })} aria-busy="true">
          {[1, 2, 3, 4].map((k) => (
            <Skeleton key={k} className={css({ h: '10' })} />
          ))}
        </div>
      ) : (
        <div>
          {data.kinds.map((kind) => (
            <div key={kind} className={row}>
              <div className={css({ minW: 0 })}>
                <p className={css({ fontWeight: '500' })}>{NOTIFICATION_TYPE_LABELS[kind].label}</p>
                <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
                  {NOTIFICATION_TYPE_LABELS[kind].hint}
                </p>
              </div>
              <Switch
                checked={data.whatsapp[kind]}
                disabled={!online}
                ariaLabel={`${NOTIFICATION_TYPE_LABELS[kind].label} ke WhatsApp`}
                onCheckedChange={(on) => change({ whatsapp: { [kind]: on } })}
              />
            </div>
          ))}
          {data.admin_projects !== null ? (
            <div className={css({ mt: '4', pt: '1', borderTopWidth: '1px', borderColor: 'borderStrong' })}>
              <p
                className={css({
                  mt: '3',
                  fontSize: 'xs',
                  fontWeight: '600',
                  letterSpacing: 'wide',
                  textTransform: 'uppercase',
                  color: 'fgSubtle',
                })}
              >
                Project yang dikabarkan
              </p>
              <div className={cx(row, css({ borderTopWidth: '0' }))}>
                <div className={css({ minW: 0 })}>
                  <p className={css({ fontWeight: '500' })}>Semua project</p>
                  <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
                    {data.admin_projects === 'all'
                      ? 'Unggahan, komentar dan project baru dari semua project dikirim ke WhatsApp.'
                      : 'Mati: hanya project tempat Anda anggota, pembuat, atau pernah meninjau unggahannya.'}
                  </p>
                </div>
                <Switch
                  checked={data.admin_projects === 'all'}
                  disabled={!online}
                  ariaLabel="Kabari tentang semua project lewat WhatsApp"
                  onCheckedChange={(on) => change({ admin_projects: on ? 'all' : 'involved' })}
                />
              </div>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  )
}

const note = hstack({
  gap: '2',
  alignItems: 'flex-start',
  fontSize: 'sm',
  color: 'fgMuted',
  bg: 'slate.50',
  borderRadius: 'md',
  p: '3',
  mb: '3',
})
