import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { dayjs } from '../../../lib/dayjs'
import { formatBytes } from '../../../lib/format'
import { sendOutboxNow, useOutbox } from '../../../lib/outbox-client'
import { OUTBOX_KINDS, type OutboxKind } from '../../../lib/outbox-kinds'
import { clearDoneOutbox, discardOutboxItem, retryOutboxItem } from '../../../lib/outbox-store'
import type { OutboxItem } from '../../../lib/outbox-types'
import { useOnline } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { ConfirmDialog, Dialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconTile } from '../../../ui/icon-tile'
import {
  IconAlertCircle,
  IconCheckCircle,
  IconClock,
  IconCloudUpload,
  IconFile,
  IconHardDrive,
  IconHardHat,
  IconHeartSmall,
  IconImage,
  IconMessageSquare,
  IconOutbox,
  IconRefresh,
  IconTrash,
  IconWifiOff,
} from '../../../ui/icons'
import { MetaLine } from '../../../ui/meta-line'
import { Notice } from '../../../ui/notice'
import { Spinner } from '../../../ui/spinner'
import { Tooltip } from '../../../ui/tooltip'
import { useStorageUsage } from './use-storage-usage'

const time = (ms: number) => dayjs(ms).format('HH.mm')
/** The notes above the list keep the spacing the panel's own note box had. */
const noticeGap = css({ mb: '3' })

/** Each kind's icon by the registry's name for it; a kind this build does not know shows the outbox. */
const KIND_ICONS: Record<OutboxKind['icon'], typeof IconImage> = {
  photo: IconImage,
  comment: IconMessageSquare,
  like: IconHeartSmall,
  file: IconFile,
  diary: IconHardHat,
}

function KindIcon({ item }: { item: OutboxItem }) {
  const name = OUTBOX_KINDS[item.kind]?.icon
  const Icon = name ? KIND_ICONS[name] : IconOutbox
  const tone =
    item.status === 'failed'
      ? { bg: 'danger.soft', color: 'danger.fg' }
      : item.status === 'done'
        ? { bg: 'success.soft', color: 'success.fg' }
        : { bg: 'warning.soft', color: 'warning.fg' }
  return (
    <IconTile size="md" shape="rounded" fit={false} className={css({ ...tone })}>
      <Icon size={18} />
    </IconTile>
  )
}

/** The line under an item: where it stands, in words a field worker can act on. */
function StatusLine({ item }: { item: OutboxItem }) {
  const base = css({
    display: 'flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'xs',
    mt: '1',
    flexWrap: 'wrap',
    '& svg': { flexShrink: 0 },
  })
  if (item.status === 'sending')
    return (
      <p className={cx(base, css({ color: 'brand.fg' }))}>
        <Spinner size={12} /> Mengirim...
      </p>
    )
  if (item.status === 'done')
    return (
      <p className={cx(base, css({ color: 'success.fg' }))}>
        <IconCheckCircle size={12} /> Terkirim {item.doneAt ? `pukul ${time(item.doneAt)}` : ''}
      </p>
    )
  if (item.status === 'failed')
    return (
      <p className={cx(base, css({ color: 'danger.fg' }))} data-testid="outbox-error">
        <IconAlertCircle size={12} /> Ditolak server: {item.lastError?.message ?? 'alasan tidak diketahui'}
      </p>
    )
  return (
    <p className={cx(base, css({ color: 'warning.fg' }))}>
      <IconClock size={12} /> Menunggu dikirim
      {item.lastError ? (
        <span className={css({ color: 'fgSubtle' })}>
          · {item.lastError.message}
          {item.nextAttemptAt > Date.now() ? `, dicoba lagi pukul ${time(item.nextAttemptAt)}` : ''}
        </span>
      ) : null}
    </p>
  )
}

function ItemRow({ item, onDiscard }: { item: OutboxItem; onDiscard: (item: OutboxItem) => void }) {
  const [retrying, setRetrying] = useState(false)
  return (
    <li
      data-testid="outbox-item"
      data-status={item.status}
      className={css({
        display: 'flex',
        gap: '3',
        py: '3',
        borderBottomWidth: '1px',
        borderColor: 'border',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <KindIcon item={item} />
      <div className={css({ minW: '0', flex: '1' })}>
        <p className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg', lineHeight: '1.3' })}>
          {item.title}
        </p>
        {item.detail ? (
          <p
            className={css({
              fontSize: 'sm',
              color: 'fgMuted',
              lineClamp: '2',
              wordBreak: 'break-word',
            })}
          >
            {item.detail}
          </p>
        ) : null}
        <MetaLine className={css({ mt: '0.5' })}>
          {item.scope.projectName ? <span>{item.scope.projectName}</span> : null}
          <span>dibuat {time(item.createdAt)}</span>
          {item.bytes > 2048 ? <span>{formatBytes(item.bytes)}</span> : null}
        </MetaLine>
        <StatusLine item={item} />
        {item.status === 'failed' ? (
          <div className={flex({ gap: '2', mt: '2' })}>
            <Button
              size="xs"
              variant="secondary"
              loading={retrying}
              onClick={async () => {
                setRetrying(true)
                try {
                  await retryOutboxItem(item.key)
                  await sendOutboxNow()
                } finally {
                  setRetrying(false)
                }
              }}
            >
              {retrying ? null : <IconRefresh />} Coba lagi
            </Button>
            <Button
              size="xs"
              variant="ghost"
              className={css({ color: 'danger.fg' })}
              onClick={() => onDiscard(item)}
            >
              <IconTrash /> Buang
            </Button>
          </div>
        ) : null}
      </div>
      {item.status === 'waiting' ? (
        <Tooltip content="Buang">
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            aria-label="Buang"
            className={css({ flexShrink: 0, color: 'fgSubtle', _hover: { color: 'danger.fg' } })}
            onClick={() => onDiscard(item)}
          >
            <IconTrash />
          </Button>
        </Tooltip>
      ) : null}
    </li>
  )
}

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (count === 0) return null
  return (
    <section className={css({ '& + &': { mt: '4' } })}>
      <h3
        className={css({
          fontSize: 'xs',
          fontWeight: '600',
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
          color: 'fgSubtle',
        })}
      >
        {title} ({count})
      </h3>
      <ul>{children}</ul>
    </section>
  )
}

function StorageLine() {
  const usage = useStorageUsage()
  if (!usage) return null
  return (
    <p
      data-testid="storage-usage"
      className={hstack({
        gap: '1.5',
        fontSize: 'xs',
        color: 'fgSubtle',
        mr: 'auto',
        minW: '0',
      })}
    >
      <IconHardDrive size={14} />
      <span>
        Penyimpanan: {formatBytes(usage.usage)}
        {usage.quota ? ` dari ${formatBytes(usage.quota)}` : ''}
        {usage.persisted === true
          ? ' · terlindungi'
          : usage.persisted === false
            ? ' · belum terlindungi'
            : ''}
      </span>
    </p>
  )
}

/** 'Kotak Keluar': what waits, what is being sent, what the server refused and what has landed. */
export function OutboxPanel({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { items, authRequired, replaying } = useOutbox()
  const online = useOnline()
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null)
  const [sendNote, setSendNote] = useState<string | null>(null)

  useEffect(() => {
    if (!open) setSendNote(null)
  }, [open])

  const failed = items.filter((i) => i.status === 'failed')
  const pending = items.filter((i) => i.status === 'waiting' || i.status === 'sending')
  const done = items.filter((i) => i.status === 'done').reverse()
  const dependants = discarding
    ? items.filter((i) => i.dependsOn === discarding.key && i.status !== 'done')
    : []

  async function onSendNow() {
    setSendNote(null)
    const summary = await sendOutboxNow()
    if (summary.stopped === 'offline')
      setSendNote('Belum terhubung ke server. Item dikirim otomatis saat ada sinyal.')
    else if (summary.stopped === 'server')
      setSendNote('Server sedang sibuk. Item dicoba lagi otomatis sebentar lagi.')
    else if (summary.stopped === 'auth' || summary.stopped === 'no-session') setSendNote(null)
    else if (summary.sent > 0) setSendNote(`${summary.sent} item terkirim.`)
  }

  const description =
    pending.length + failed.length === 0
      ? 'Semua foto, komentar dan suka sudah terkirim ke server.'
      : pending.length === 0
        ? `${failed.length} item ditolak server: coba lagi atau buang.`
        : `${pending.length} item menunggu dikirim${failed.length ? `, ${failed.length} ditolak server` : ''}.`

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title={
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
            <IconOutbox size={20} /> Kotak Keluar
          </span>
        }
        description={description}
        footer={
          <div
            className={hstack({
              gap: '3',
              w: 'full',
              flexWrap: 'wrap',
              justify: 'flex-end',
            })}
          >
            <StorageLine />
            <Button onClick={onSendNow} loading={replaying} disabled={pending.length === 0}>
              {replaying ? null : <IconCloudUpload />} Kirim sekarang
            </Button>
          </div>
        }
      >
        {!online ? (
          <Notice tone="warning" icon={<IconWifiOff />} className={noticeGap}>
            Anda sedang offline. Item tersimpan aman di perangkat ini dan dikirim otomatis saat ada sinyal,
            juga jika aplikasi ditutup.
          </Notice>
        ) : null}
        {authRequired ? (
          <Notice tone="danger" icon={<IconAlertCircle />} className={noticeGap}>
            Sesi Anda sudah berakhir. Item tetap disimpan;{' '}
            <Link to="/login" className={css({ fontWeight: '600', textDecoration: 'underline' })}>
              masuk lagi
            </Link>{' '}
            untuk mengirimnya.
          </Notice>
        ) : null}
        {sendNote ? (
          <p role="status" className={css({ fontSize: 'sm', color: 'fgMuted', mb: '3' })}>
            {sendNote}
          </p>
        ) : null}
        {items.length === 0 ? (
          <EmptyState
            layout="plain"
            tone="success"
            icon={<IconCheckCircle />}
            title="Kotak Keluar kosong"
            description="Foto, komentar dan suka yang dibuat tanpa sinyal muncul di sini sampai terkirim."
          />
        ) : (
          <>
            <Section title="Ditolak server" count={failed.length}>
              {failed.map((i) => (
                <ItemRow key={i.key} item={i} onDiscard={setDiscarding} />
              ))}
            </Section>
            <Section title="Menunggu" count={pending.length}>
              {pending.map((i) => (
                <ItemRow key={i.key} item={i} onDiscard={setDiscarding} />
              ))}
            </Section>
            <Section title="Terkirim" count={done.length}>
              {done.slice(0, 10).map((i) => (
                <ItemRow key={i.key} item={i} onDiscard={setDiscarding} />
              ))}
              {done.length > 0 ? (
                <li className={css({ pt: '2' })}>
                  <button
                    type="button"
                    className={cx(button({ variant: 'ghost', size: 'xs' }), css({ color: 'fgMuted' }))}
                    onClick={() => void clearDoneOutbox()}
                  >
                    Bersihkan daftar terkirim
                  </button>
                </li>
              ) : null}
            </Section>
          </>
        )}
      </Dialog>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(o) => {
          if (!o) setDiscarding(null)
        }}
        title="Buang item ini?"
        description={
          dependants.length > 0
            ? `Item ini belum terkirim dan akan dihapus dari perangkat, bersama ${dependants.length} komentar/suka yang menunggunya.`
            : 'Item ini belum terkirim dan akan dihapus dari perangkat. Tindakan ini tidak dapat dibatalkan.'
        }
        confirmLabel="Buang"
        onConfirm={async () => {
          if (discarding) await discardOutboxItem(discarding.key)
          setDiscarding(null)
        }}
      />
    </>
  )
}
