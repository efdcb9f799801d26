import { memo } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import type { Project } from '../../../contracts/projects'
import { Card } from '../../../ui/card'
import { ProjectCardFoot, ProjectCardHead, ProjectCounts } from './project-card-parts'
import { ProjectEditForm, useProjectEdit } from './project-edit'

/** The handlers get the card's project, so the dashboard passes the same functions to every card. */
type Props = {
  project: Project
  isAdmin: boolean
  downloading: boolean
  onDownload: (project: Project) => void
  onMembers: (project: Project) => void
  onDelete: (project: Project) => void
}

/**
 * Memoised: the dashboard re-renders when its other data lands (the stat cards' analysis, a revalidated
 * list), and a returning visit revalidates everything it restored at once. A card re-renders only when its
 * own project changed (the query cache keeps unchanged projects as the same objects) or it downloads.
 */
export const ProjectCard = memo(function ProjectCard({
  project,
  isAdmin,
  downloading,
  onDownload,
  onMembers,
  onDelete,
}: Props) {
  const edit = useProjectEdit(project)
  const { editing } = edit

  return (
    <Card
      interactive={!editing}
      padding="none"
      aria-label={project.name}
      data-editing={editing || undefined}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        h: 'full',
        overflow: 'hidden',
        borderColor: editing ? 'brand' : undefined,
        boxShadow: editing ? 'focus' : undefined,
      })}
    >
      <div
        className={stack({
          p: { base: '4', md: '5' },

          gap: '4',
          flex: '1',
        })}
      >
        <ProjectCardHead
          project={project}
          isAdmin={isAdmin}
          editing={editing}
          onEdit={edit.startEdit}
          onMembers={onMembers}
          onDelete={onDelete}
        />

        {editing ? (
          <ProjectEditForm project={project} edit={edit} />
        ) : (
          <p
            className={css({
              fontSize: 'sm',
              color: 'fgMuted',
              lineClamp: '2',
              minH: '2lh',
              wordBreak: 'break-word',
            })}
            title={project.description}
          >
            {project.description}
          </p>
        )}

        {/* Pinned to the bottom: in a row of cards of unequal height the spare room sits above the counts. */}
        <ProjectCounts project={project} />
      </div>

      <ProjectCardFoot
        project={project}
        isAdmin={isAdmin}
        downloading={downloading}
        onDownload={onDownload}
      />
    </Card>
  )
})
