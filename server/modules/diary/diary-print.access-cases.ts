import * as endpoints from '../../../src/contracts/diary.endpoints'
import { pathTo } from '../../../src/contracts/endpoint'
import { type MatrixCase, matrixApp, matrixCase, users } from '../../test/access-matrix-fixtures'
import { submittedDayWithLink } from './diary-fixtures'

const day = '2025-06-12'

/** How the access matrix calls the printed diary (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.pdf, {
    // A written day: past the policy, 409 'sedang dibuat' (the job is not run here) or the file.
    call: async ({ project }) => {
      if (project)
        await submittedDayWithLink(matrixApp().db, { projectId: project.id, day, userId: users.admin.id })
      return { path: pathTo(endpoints.pdf, { slug: project?.slug ?? '', day }) }
    },
  }),
]
