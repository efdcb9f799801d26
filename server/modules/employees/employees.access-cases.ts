import * as endpoints from '../../../src/contracts/employees.endpoints'
import { account, employeeBody, type MatrixCase, matrixCase, users } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Employees: admins.
  matrixCase(endpoints.create, {
    // The path id is the creating admin's own id.
    call: async ({ user }) => ({
      path: `/api/employee/create/${(user ?? users.admin).id}`,
      json: employeeBody(),
    }),
  }),
  matrixCase(endpoints.list, {
    call: async () => ({ path: '/api/employee/list' }),
  }),
  matrixCase(endpoints.update, {
    call: async () => {
      const { password: _, ...body } = employeeBody()
      return { path: `/api/employee/update/${(await account('perencanaan')).id}`, json: body }
    },
  }),
  matrixCase(endpoints.setActive, {
    call: async () => ({ path: `/api/employee/set-active/${(await account('pengawasan')).id}/false` }),
  }),
  matrixCase(endpoints.resetPassword, {
    call: async () => ({
      path: `/api/employee/reset-password/${(await account('perencanaan')).id}`,
      json: {},
    }),
  }),
  matrixCase(endpoints.remove, {
    call: async () => ({ path: `/api/employee/remove/${(await account('pengawasan')).id}` }),
  }),
]
