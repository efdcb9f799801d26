import { css } from 'styled-system/css'
import { grid, stack } from 'styled-system/patterns'
import type { Contract } from '../../../contracts/contract'
import type { Project } from '../../../contracts/projects'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { FormError, TextField } from '../../../ui/field'
import { IconMapPin } from '../../../ui/icons'
import { type ContractFields, useContractForm } from './use-contract-form'

const heading = css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })
const pair = grid({ columns: { base: 1, sm: 2 }, gap: '3' })

/** 'Kontrak Proyek' (admins, issue 34): the contract and the site photos are measured against. */
export function ContractDialog({
  project,
  contract,
  onClose,
}: {
  project: Project
  contract: Contract | null
  onClose: () => void
}) {
  return (
    <Dialog
      open={contract !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Kontrak Proyek"
      description={project.name}
      size="lg"
    >
      {contract ? <ContractForm project={project} contract={contract} onClose={onClose} /> : null}
    </Dialog>
  )
}

function ContractForm({
  project,
  contract,
  onClose,
}: {
  project: Project
  contract: Contract
  onClose: () => void
}) {
  const form = useContractForm(project, contract, onClose)
  const field = (name: keyof ContractFields, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form.fields[name]}
      error={form.error(name)}
      onChange={(e) => form.set(name)(e.target.value)}
      {...extra}
    />
  )
  return (
    <form onSubmit={form.onSubmit} noValidate className={stack({ gap: '5' })}>
      <FormError message={form.formError} />
      <section className={stack({ gap: '3' })} aria-label="Kontrak">
        {field('number', 'Nomor kontrak', { placeholder: '602/KTR/PPK/2026' })}
        <div className={pair}>
          {field('contractor', 'Kontraktor pelaksana')}
          {field('owner', 'Pemilik / PPK')}
        </div>
        {field('value', 'Nilai kontrak (Rp)', { inputMode: 'numeric', placeholder: '1.234.567.890' })}
        <div className={pair}>
          {field('start_day', 'Tanggal mulai (SPMK)', { type: 'date' })}
          {field('duration_days', 'Durasi (hari kalender)', { inputMode: 'numeric' })}
        </div>
      </section>
      <section className={stack({ gap: '3' })} aria-labelledby="contract-site">
        <h3 id="contract-site" className={heading}>
          Lokasi proyek
        </h3>
        <p className={css({ fontSize: 'xs', color: 'fgMuted', mt: '-2' })}>
          Foto dokumentasi di luar radius ini ditandai 'Di luar lokasi'. Kosongkan ketiganya untuk menghapus
          lokasi.
        </p>
        <div className={grid({ columns: { base: 2, sm: 3 }, gap: '3' })}>
          {field('lat', 'Lintang', { inputMode: 'decimal', placeholder: '-6,175392' })}
          {field('lng', 'Bujur', { inputMode: 'decimal', placeholder: '106,827153' })}
          {field('radius_m', 'Radius (meter)', { inputMode: 'numeric', placeholder: '300' })}
        </div>
        <FormError message={form.siteError} />
        <div>
          <Button type="button" size="sm" variant="secondary" onClick={form.takeHere}>
            <IconMapPin /> Pakai lokasi saya sekarang
          </Button>
        </div>
      </section>
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
        <Button type="button" variant="secondary" onClick={onClose}>
          Batal
        </Button>
        <Button type="submit" loading={form.saving} needsSignal={needsSignalTo('menyimpan')}>
          Simpan
        </Button>
      </div>
    </form>
  )
}
