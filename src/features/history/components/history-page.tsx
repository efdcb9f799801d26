import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import {
  type HistoryAction,
  type HistoryEntry,
  type HistoryObjectKind,
  historyActionLabel,
  historyDiaryDay,
} from '../../../contracts/history'
import type { Project } from '../../../contracts/projects'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { IconClock } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { ListStates } from '../../../ui/list-states'
import { RoleBadge } from '../../../ui/role-badge'
import { RowSkeletons } from '../../../ui/row-skeletons'
import { Spinner } from '../../../ui/spinner'
import { entryDetailLines } from '../detail-lines'
import { projectHistoryQueryOptions } from '../queries'

const OBJECT_LABELS: Record<HistoryObjectKind, string> = {
  project: 'Project',
  folder: 'Folder',
  file: 'File',
  doc: 'Dokumentasi',
  recap: 'Rekap',
  work_item: 'Item pekerjaan',
  report: 'Laporan',
  share: 'Tautan bagikan',
  diary: 'Laporan Harian',
}

/** The action's colour: deletions red, restores and approvals green, revisions amber, the rest blue. */
const ACTION_TONE: Record<HistoryAction, string> = {
  upload: css({ bg: 'blue.50', color: 'blue.800' }),
  revise: css({ bg: 'blue.50', color: 'blue.800' }),
  create: css({ bg: 'blue.50', color: 'blue.800' }),
  approve: css({ bg: 'green.50', color: 'green.800' }),
  restore: css({ bg: 'green.50', color: 'green.800' }),
  reject: css({ bg: 'amber.50', color: 'amber.800' }),
  delete: css({ bg: 'red.50', color: 'red.800' }),
  purge: css({ bg: 'red.50', color: 'red.800' }),
  comment: css({ bg: 'slate.100', color: 'slate.700' }),
  rename: css({ bg: 'slate.100', color: 'slate.700' }),
  members: css({ bg: 'slate.100', color: 'slate.700' }),
  edit: css({ bg: 'slate.100', color: 'slate.700' }),
  send: css({ bg: 'blue.50', color: 'blue.800' }),
  submit: css({ bg: 'blue.50', color: 'blue.800' }),
  sign: css({ bg: 'green.50', color: 'green.800' }),
}

const jakartaDay = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const jakartaTime = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  hour: '2-digit',
  minute: '2-digit',
})

/** Riwayat (admins): every change in the project, newest first, grouped by Jakarta day, paged as it scrolls. */
export function HistoryPage({ project }: { project: Project }) {
  const query = useInfiniteQuery(projectHistoryQueryOptions(project.id))
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage) return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '400px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const entries = query.data?.pages.flatMap((p) => p.entries) ?? []
  const days: Array<{ day: string; entries: HistoryEntry[] }> = []
  for (const e of entries) {
    const day = jakartaDay.format(new Date(e.at))
    const last = days[days.length - 1]
    if (last && last.day === day) last.entries.push(e)
    else days.push({ day, entries: [e] })
  }

  return (
    <ListStates
      query={query}
      count={entries.length}
      loading={<HistorySkeleton />}
      failedTitle="Gagal memuat riwayat"
      empty={
        <EmptyState
          icon={<IconClock />}
          title="Belum ada riwayat"
          description="Perubahan di project ini akan tercatat di sini."
        />
      }
    >
      <div className={stack({ gap: '6' })}>
        {days.map((d) => (
          <section key={d.day} aria-label={d.day}>
            <h2
              className={css({
                fontSize: 'xs',
                fontWeight: '600',
                color: 'fgMuted',
                textTransform: 'uppercase',
                letterSpacing: '0.04em',
                mb: '2',
              })}
            >
              {d.day}
            </h2>
            <ListCard as="ol">
              {d.entries.map((e) => (
                <HistoryRow key={e.id} entry={e} slug={project.slug} />
              ))}
            </ListCard>
          </section>
        ))}
        <div ref={sentinel} />
        {hasNextPage ? (
          <div className={flex({ justify: 'center' })}>
            <Button variant="secondary" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
              Muat lebih banyak
            </Button>
          </div>
        ) : entries.length > 10 ? (
          <p className={css({ textAlign: 'center', fontSize: 'xs', color: 'fgMuted' })}>
            Awal riwayat project
          </p>
        ) : null}
        {isFetchingNextPage ? (
          <span className={css({ srOnly: true })} role="status">
            <Spinner /> Memuat
          </span>
        ) : null}
      </div>
    </ListStates>
  )
}

function HistoryRow({ entry, slug }: { entry: HistoryEntry; slug: string }) {
  const label = historyActionLabel(entry)
  const objectLabel = OBJECT_LABELS[entry.object.kind] ?? entry.object.kind
  const lines = entryDetailLines(entry)
  return (
    <li
      className={flex({
        gap: { base: '3', md: '4' },
        px: { base: '4', md: '5' },
        py: '3.5',
      })}
    >
      <time
        dateTime={entry.at}
        className={css({
          fontSize: 'xs',
          color: 'fgMuted',
          fontVariantNumeric: 'tabular-nums',
          w: '10',
          flexShrink: 0,
          pt: '0.5',
        })}
      >
        {jakartaTime.format(new Date(entry.at))}
      </time>
      <div className={css({ minW: '0', flex: '1' })}>
        <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
          <span className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>{entry.actor.name}</span>
          <RoleBadge role={entry.actor.role} />
        </div>
        <p className={css({ mt: '1', fontSize: 'sm', color: 'fgMuted', overflowWrap: 'anywhere' })}>
          <span
            className={`${css({
              display: 'inline-block',
              px: '1.5',
              py: '0.5',
              mr: '1.5',
              borderRadius: 'sm',
              fontSize: 'xs',
              fontWeight: '600',
              lineHeight: '1.2',
            })} ${ACTION_TONE[entry.action] ?? ''}`}
          >
            {label}
          </span>
          {objectLabel} <ObjectName entry={entry} slug={slug} />
        </p>
        {lines.length > 0 ? (
          <dl
            className={css({
              mt: '2',
              fontSize: 'xs',
              color: 'fgMuted',
              bg: 'slate.50',
              borderRadius: 'md',
              px: '3',
              py: '2',
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: '3',
              rowGap: '1',
            })}
          >
            {lines.map(([k, v]) => (
              <div key={k} className={css({ display: 'contents' })}>
                <dt className={css({ fontWeight: '600', color: 'slate.700' })}>{k}</dt>
                <dd className={css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' })}>{v}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  )
}

const objectName = css({ color: 'fg', fontWeight: '500' })

/** The entry's object by name; a diary day's opens that day (/project/{slug}/harian/{day}). */
function ObjectName({ entry, slug }: { entry: HistoryEntry; slug: string }) {
  const day = historyDiaryDay(entry.object)
  if (!day) return <span className={objectName}>{entry.object.name || '—'}</span>
  return (
    <Link
      to="/project/$slug/harian/$day"
      params={{ slug, day }}
      className={css({ color: 'brand.fg', fontWeight: '500', _hover: { textDecoration: 'underline' } })}
    >
      {entry.object.name || day}
    </Link>
  )
}

function HistorySkeleton() {
  return (
    <RowSkeletons
      label="Memuat riwayat"
      rows={4}
      lead={css({ h: '3', w: '10' })}
      lines={[css({ h: '3.5', w: '35%' }), css({ h: '3', w: '70%' })]}
    />
  )
}
