import { useState } from 'react'
import { stack } from 'styled-system/patterns'
import { DIARY_LIMITS, SIGNER_LABELS } from '../../../contracts/diary'
import { errorMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { needsSignalTo } from '../../../lib/use-online'
import { FormDialog } from '../../../ui/dialog'
import { FormError, TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useSignDay } from '../queries'
import { SignaturePad } from './signature-pad'

/** The pengawas signs the submitted day in the app (drawn); an admin may add 'Mengetahui' the same way. */
export function SignDialog({
  slug,
  day,
  role,
  onClose,
}: {
  slug: string
  day: string
  role: 'pengawas' | 'mengetahui' | null
  onClose: () => void
}) {
  const user = useCurrentUser()
  const sign = useSignDay(slug, day)
  const [name, setName] = useState(user.name)
  const [position, setPosition] = useState('')
  const [signature, setSignature] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    setSignature(null)
    setError(null)
    sign.reset()
    onClose()
  }
  return (
    <FormDialog
      open={role !== null}
      onOpenChange={(o) => (o ? null : close())}
      title={role === 'mengetahui' ? 'Mengetahui' : 'Tanda tangan pengawas'}
      description={role ? `Menandatangani sebagai ${SIGNER_LABELS[role]}.` : undefined}
      submitLabel="Tanda tangani"
      pending={sign.isPending}
      needsSignal={needsSignalTo('menandatangani')}
      onSubmit={(e) => {
        e.preventDefault()
        if (!role) return
        if (!name.trim() || !position.trim()) return setError('Nama dan jabatan harus diisi')
        if (!signature) return setError('Gambar tanda tangan dulu (maksimal 200 KB)')
        setError(null)
        sign.mutate(
          { name: name.trim(), position: position.trim(), signature, role },
          {
            onSuccess: () => {
              notify('success', 'Laporan harian ditandatangani')
              close()
            },
          },
        )
      }}
    >
      <div className={stack({ gap: '3' })}>
        <TextField
          label="Nama"
          value={name}
          maxLength={DIARY_LIMITS.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Jabatan"
          placeholder={role === 'mengetahui' ? 'Direksi teknis / PPK' : 'Pengawas lapangan'}
          value={position}
          maxLength={DIARY_LIMITS.name}
          onChange={(e) => setPosition(e.target.value)}
        />
        {role ? <SignaturePad onChange={setSignature} /> : null}
        <FormError
          message={error ?? (sign.error ? errorMessage(sign.error, 'Gagal menandatangani') : null)}
        />
      </div>
    </FormDialog>
  )
}
