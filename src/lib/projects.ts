import type { ProjectUpdateInput } from '../contracts/projects'
import * as projectEndpoints from '../contracts/projects.endpoints'
import { call } from './api'

/*
 * The project calls more than one feature makes: the projects feature edits a project ('Edit Project'),
 * the reports feature sets the day its weeks count from through the same update.
 */

/** PUT /api/project/{id}: with the project's `version`; a project edited meanwhile answers 409 with who did it. */
export async function updateProject(id: number, input: ProjectUpdateInput) {
  return call(projectEndpoints.update, { id }, input)
}
