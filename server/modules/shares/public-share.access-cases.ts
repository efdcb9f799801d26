import * as endpoints from '../../../src/contracts/public.endpoints'
import { type MatrixCase, matrixApp, matrixCase, project, users } from '../../test/access-matrix-fixtures'
import { photoDoc, readyReport, sha256, shareRow, signedPath } from './share-fixtures'

/** A report link with one photo, in a fresh project: every public call answers 200 for everyone. */
async function reportLink() {
  const env = matrixApp().deps
  const p = await project('other')
  const bytes = Buffer.from(`foto-${p.id}`)
  const photo = await photoDoc(env, { projectId: p.id, creatorId: users.admin.id, bytes })
  const report = await readyReport(env, {
    projectId: p.id,
    creatorId: users.admin.id,
    photos: [{ ...photo, sha: sha256(bytes) }],
  })
  const share = await shareRow(env, { projectId: p.id, creatorId: users.admin.id, reportId: report.id })
  return { share, report, photo }
}

/** How the access matrix calls the public share and verification endpoints (all public). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.sharePage, {
    call: async () => ({ path: `/s/${(await reportLink()).share.token}` }),
  }),
  matrixCase(endpoints.sharePagePin, {
    call: async () => ({
      path: `/s/${(await reportLink()).share.token}`,
      body: new URLSearchParams({ pin: '' }),
    }),
  }),
  matrixCase(endpoints.shareData, {
    call: async () => ({ path: `/api/public/share/${(await reportLink()).share.token}` }),
  }),
  matrixCase(endpoints.shareReport, {
    call: async () => ({ path: signedPath((await reportLink()).share, 'report', 'pdf') }),
  }),
  matrixCase(endpoints.sharePhoto, {
    call: async () => {
      const { share, photo } = await reportLink()
      return { path: signedPath(share, String(photo.imageId), 'thumb') }
    },
  }),
  matrixCase(endpoints.verifyPage, {
    call: async () => ({ path: `/v/${(await reportLink()).report.code}` }),
  }),
  matrixCase(endpoints.verifyPhoto, {
    call: async () => {
      const { report, photo } = await reportLink()
      // The fixture's photo has no thumbnail; its stored bytes stand in for one.
      await matrixApp()
        .deps.db.updateTable('doc_images')
        .set({ thumb_key: photo.blobKey, thumb_state: 'ready' })
        .where('id', '=', photo.imageId)
        .execute()
      return { path: `/api/public/verify/${report.code}/photo/1` }
    },
  }),
  matrixCase(endpoints.verifyData, {
    call: async () => ({ path: `/api/public/verify/${(await reportLink()).report.code}` }),
  }),
]
