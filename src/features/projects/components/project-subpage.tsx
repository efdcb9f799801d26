import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import type { Project, ProjectCan } from '../../../contracts/projects'
import { projectCan } from '../../../lib/can'
import { useOnline } from '../../../lib/use-online'
import { EmptyState } from '../../../ui/empty-state'
import { IconArrowLeft, IconShieldAlert } from '../../../ui/icons'
import { notStored } from '../../../ui/not-stored'
import { Spinner } from '../../../ui/spinner'
import { projectDetailQueryOptions } from '../queries'
import { ProjectNotFound, ProjectNotStored } from './project-detail-page'

/**
 * The frame of a project's admin pages (Sampah, Riwayat): a way back to the project, the title with
 * the project's name under it, and the page's body once the project is known. Members are told the
 * page is for admins (the server refuses them too): `allowedBy` names the project's `can` the page needs.
 */
export function ProjectSubpage({
  slug,
  title,
  subtitle,
  icon,
  allowedBy,
  children,
}: {
  slug: string
  /** The project's `can` the page needs; none: every member of the project (Laporan Harian). */
  allowedBy?: keyof ProjectCan
  title: string
  subtitle: ReactNode
  icon: ReactNode
  children: (project: Project) => ReactNode
}) {
  const detail = useQuery({ ...projectDetailQueryOptions(slug), retryOnMount: false })
  const online = useOnline()
  if (notStored(detail, online)) return <ProjectNotStored />
  if (detail.isPending)
    return (
      <div role="status" className={hstack({ justify: 'center', gap: '2', py: '24', color: 'fgMuted' })}>
        <Spinner /> Memuat...
      </div>
    )
  if (!detail.data) return <ProjectNotFound />
  const project = detail.data
  return (
    <div className={css({ maxW: '4xl', mx: 'auto' })}>
      <Link
        to="/project/$slug"
        params={{ slug }}
        className={cx(
          button({ variant: 'ghost', size: 'sm' }),
          css({ ml: '-2.5', mb: '4', color: 'fgMuted', maxW: 'full' }),
        )}
      >
        <IconArrowLeft />
        <span
          title={project.name}
          className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
        >
          {project.name}
        </span>
      </Link>
      <header className={flex({ gap: '3', align: 'flex-start', mb: '6' })}>
        <span
          aria-hidden="true"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            w: '10',
            h: '10',
            flexShrink: 0,
            borderRadius: 'lg',
            bg: 'brand.soft',
            color: 'brand.fg',
            borderWidth: '1px',
            borderColor: 'blue.100',
            '& svg': { w: '5', h: '5' },
          })}
        >
          {icon}
        </span>
        <div className={css({ minW: '0' })}>
          <h1 className={css({ textStyle: 'pageTitle', color: 'fg' })}>{title}</h1>
          <p className={css({ mt: '1', fontSize: 'sm', color: 'fgMuted' })}>{subtitle}</p>
        </div>
      </header>
      {!allowedBy || projectCan(project)[allowedBy] ? (
        children(project)
      ) : (
        <EmptyState
          layout="page"
          icon={<IconShieldAlert />}
          title="Khusus admin"
          description="Halaman ini hanya dapat dibuka oleh admin."
        />
      )}
    </div>
  )
}
