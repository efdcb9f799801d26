import { ContractInputSchema, ContractSchema } from './contract'
import { endpoint } from './endpoint'

/** /api/project/:id/contract (issue 34): read by everyone who sees the project, kept by admins. */

export const get = endpoint({
  method: 'GET',
  path: '/api/project/:id/contract',
  access: 'project.view',
  tag: 'Kontrak',
  summary:
    'Kontrak dan lokasi proyek (nomor, kontraktor, pemilik / PPK, nilai, SPMK, durasi, tanggal selesai, lokasi)',
  response: ContractSchema,
})

export const put = endpoint({
  method: 'PUT',
  path: '/api/project/:id/contract',
  access: 'project.manage',
  tag: 'Kontrak',
  summary:
    'Simpan kontrak dan lokasi proyek (admin). Kunci yang tidak dikirim tetap; null mengosongkan. start_day adalah tanggal mulai project yang sama',
  json: ContractInputSchema,
  response: ContractSchema,
})
