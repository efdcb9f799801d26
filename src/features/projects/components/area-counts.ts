import type { Area, Project } from '../../../contracts/projects'

/** Counts of one area by review status (the project's `area_counts`). */
export function areaCounts(project: Project, area: Area) {
  return (
    project.area_counts?.[area] ?? {
      total: project.folder_counts?.[area] ?? 0,
      pending: 0,
      approved: 0,
      rejected: 0,
    }
  )
}
