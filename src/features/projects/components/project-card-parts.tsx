import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { AREAS, type Project } from '../../../contracts/projects'
import { formatDateLong } from '../../../lib/format'
import { needsSignalTo } from '../../../lib/use-online'
import { AreaChip } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { IconTile } from '../../../ui/icon-tile'
import {
  IconArrowRight,
  IconCalendar,
  IconDownload,
  IconFolderKanban,
  IconMoreVertical,
  IconPencil,
  IconTrash,
  IconUsers,
} from '../../../ui/icons'
import { Menu } from '../../../ui/menu'
import { Tooltip } from '../../../ui/tooltip'

/** The counts under the description (SPEC: total files plus docs, pending files, pending docs, approved). */
function countsOf(p: Project) {
  return [
    { label: 'Total', value: p.total_files + p.total_docs, tone: 'fg' },
    { label: 'File Pending', value: p.file_pending, tone: 'amber' },
    { label: 'Dok. Pending', value: p.doc_pending, tone: 'amber' },
    { label: 'Disetujui', value: p.file_approved + p.doc_approved, tone: 'green' },
  ] as const
}

// The 700 shades: the 600 ones on the white card fall below WCAG AA contrast for these numbers (axe).
const countTone = {
  fg: css({ color: 'fg' }),
  amber: css({ color: 'amber.700' }),
  green: css({ color: 'green.700' }),
}

/** The card's head: its icon, name (or 'Edit Project'), when it was made, and the admin's menu. */
export function ProjectCardHead({
  project,
  isAdmin,
  editing,
  onEdit,
  onMembers,
  onDelete,
}: {
  project: Project
  isAdmin: boolean
  editing: boolean
  onEdit: () => void
  onMembers: (project: Project) => void
  onDelete: (project: Project) => void
}) {
  return (
    <div className={flex({ align: 'flex-start', gap: '3' })}>
      <IconTile
        shape="rounded"
        className={css({
          bgGradient: 'to-br',
          gradientFrom: 'blue.50',
          gradientTo: 'indigo.100',
          color: 'brand.fg',
          borderWidth: '1px',
          borderColor: 'blue.100',
        })}
      >
        <IconFolderKanban />
      </IconTile>
      <div className={css({ flex: '1', minW: '0' })}>
        {editing ? (
          <p className={css({ fontSize: 'xs', fontWeight: '600', color: 'brand.fg', mt: '0.5' })}>
            Edit Project
          </p>
        ) : (
          <h3
            className={css({
              fontWeight: '600',
              fontSize: 'md',
              lineHeight: '1.35',
              letterSpacing: '-0.01em',
              lineClamp: '2',
              wordBreak: 'break-word',
            })}
            // Cut after two lines: the whole name on hover (and on the project's own page, where it wraps).
            title={project.name}
          >
            {project.name}
          </h3>
        )}
        <p
          className={css({
            mt: '1',
            display: 'flex',
            alignItems: 'center',
            gap: '1.5',
            fontSize: 'xs',
            color: 'fgSubtle',
            '& svg': { w: '3.5', h: '3.5' },
          })}
        >
          <IconCalendar /> Dibuat {formatDateLong(project.created_at)}
        </p>
      </div>
      {isAdmin && !editing ? (
        <Menu
          trigger={
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              aria-label={`Opsi project ${project.name}`}
              className={css({ mr: '-1.5', mt: '-0.5' })}
            >
              <IconMoreVertical />
            </Button>
          }
          items={[
            { value: 'edit', label: 'Edit Project', icon: <IconPencil />, onSelect: onEdit },
            {
              value: 'members',
              label: 'Anggota Project',
              icon: <IconUsers />,
              onSelect: () => onMembers(project),
            },
            {
              value: 'delete',
              label: 'Hapus Project',
              icon: <IconTrash />,
              tone: 'danger',
              onSelect: () => onDelete(project),
            },
          ]}
        />
      ) : null}
    </div>
  )
}

/** The counts and the folder chips, pinned to the bottom of the card. */
export function ProjectCounts({ project }: { project: Project }) {
  const chips = AREAS.filter((a) => (project.folder_counts?.[a] ?? 0) > 0)
  return (
    <div className={stack({ mt: 'auto', gap: '3' })}>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(4, 1fr)',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'md',
          bg: 'slate.50/60',
          divideX: '1px',
          divideColor: 'border',
        })}
      >
        {countsOf(project).map((c) => (
          <div
            key={c.label}
            className={flex({
              direction: 'column-reverse',
              justify: 'flex-end',
              gap: '0.5',
              px: '1',
              py: '2',
              textAlign: 'center',
              minW: '0',
            })}
          >
            <dt className={css({ fontSize: '0.6875rem', lineHeight: '1.25', color: 'fgSubtle' })}>
              {c.label}
            </dt>
            <dd
              className={cx(
                css({
                  fontSize: 'md',
                  fontWeight: '700',
                  fontVariantNumeric: 'tabular-nums',
                  lineHeight: '1.2',
                }),
                c.value > 0 ? countTone[c.tone] : css({ color: 'fgSubtle' }),
              )}
            >
              {c.value}
            </dd>
          </div>
        ))}
      </dl>

      {chips.length > 0 ? (
        <ul aria-label="Folder" className={flex({ wrap: 'wrap', gap: '1.5' })}>
          {chips.map((area) => (
            <li key={area}>
              <AreaChip area={area} count={project.folder_counts[area]} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** 'Buka Project', and 'Download Project' for admins. */
export function ProjectCardFoot({
  project,
  isAdmin,
  downloading,
  onDownload,
}: {
  project: Project
  isAdmin: boolean
  downloading: boolean
  onDownload: (project: Project) => void
}) {
  return (
    <div
      className={flex({
        gap: '2',
        px: { base: '4', md: '5' },
        py: '3',
        borderTopWidth: '1px',
        borderColor: 'border',
        bg: 'slate.50/70',
      })}
    >
      <Link
        to="/project/$slug"
        params={{ slug: project.slug }}
        className={cx(button({ variant: 'primary', size: 'sm' }), css({ flex: '1' }))}
      >
        Buka Project <IconArrowRight />
      </Link>
      {/* Only admins may download a whole project (SPEC section 6); the server refuses the others. */}
      {isAdmin ? (
        <Tooltip content="Download Project">
          <Button
            variant="secondary"
            size="sm"
            iconOnly
            aria-label={`Download project ${project.name}`}
            loading={downloading}
            onClick={() => onDownload(project)}
            needsSignal={needsSignalTo('mengunduh')}
          >
            {downloading ? null : <IconDownload />}
          </Button>
        </Tooltip>
      ) : null}
    </div>
  )
}
