import * as channelEndpoints from '../../../src/contracts/notification-channels.endpoints'
import * as endpoints from '../../../src/contracts/notifications.endpoints'
import { type MatrixCase, matrixCase, notificationOf, users } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Notifications: everyone with a bell (not the superadmin), only ever their own.
  matrixCase(endpoints.list, {
    call: async () => ({ path: '/api/notification/list' }),
  }),
  matrixCase(endpoints.read, {
    call: async ({ user }) => ({
      path: `/api/notification/read/${await notificationOf(user?.id ?? users.admin.id)}`,
    }),
  }),
  matrixCase(endpoints.readAll, {
    call: async () => ({ path: '/api/notification/read-all' }),
  }),
  // timeout=0: the stream says 'ready' and ends, so the call completes.
  matrixCase(endpoints.stream, {
    call: async () => ({ path: '/api/notification/stream?timeout=0' }),
  }),
  // What reaches one's own WhatsApp: everyone with a bell, only their own choices.
  matrixCase(channelEndpoints.read, {
    call: async () => ({ path: '/api/user/notification-channels' }),
  }),
  matrixCase(channelEndpoints.update, {
    call: async () => ({
      path: '/api/user/notification-channels',
      json: { whatsapp: { report_ready: true } },
    }),
  }),
]
