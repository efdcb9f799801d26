import type { Me, UserCan } from '../contracts/auth'
import type { Project, ProjectCan } from '../contracts/projects'

/*
 * What the signed-in user may do, as the server's access policy said it (`can` on their account and on
 * each project; docs/access.md). Screens read these and never re-decide a permission from the role.
 * An answer persisted by a build from before `can` (restored offline, refetched once online) has none:
 * it may then do nothing until the fresh answer arrives, which is the safe side.
 */

const NO_USER_CAN: UserCan = {
  manage_admins: false,
  manage_employees: false,
  projects: false,
  all_projects: false,
  create_projects: false,
  notifications: false,
  whatsapp: false,
  settings: false,
}

const NO_PROJECT_CAN: ProjectCan = {
  manage: false,
  members: false,
  download: false,
  work_items: false,
  review_files: false,
  review_docs: false,
  recaps: false,
  reports: false,
  shares: false,
  history: false,
  trash: false,
  diary_write: false,
}

/** What the signed-in user may do firm-wide. */
export const userCan = (user: Pick<Me, 'can'>): UserCan => user.can ?? NO_USER_CAN

/** What the signed-in user may do with this project. */
export const projectCan = (project: Pick<Project, 'can'>): ProjectCan => project.can ?? NO_PROJECT_CAN
