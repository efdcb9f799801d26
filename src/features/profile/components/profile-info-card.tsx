import { type ChangeEvent, type FormEvent, useRef } from 'react'
import { css } from 'styled-system/css'
import { flex, grid, hstack, stack } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import { MSG } from '../../../contracts/common'
import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE, ProfileUpdateSchema } from '../../../contracts/users'
import { errorMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { formatDateLong } from '../../../lib/format'
import { needsSignalTo } from '../../../lib/use-online'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { TextField } from '../../../ui/field'
import { IconCalendar, IconCamera, IconMail, IconSave } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { RoleBadge } from '../../../ui/role-badge'
import { Spinner } from '../../../ui/spinner'
import { useUpdateAvatar, useUpdateProfile } from '../queries'

export function ProfileInfoCard({ user }: { user: User }) {
  const { values, field, check, showServerErrors } = useValidatedForm({
    name: user.name,
    phone: user.phone ?? '',
  })
  // Nothing to save until a value differs from the stored one: 'Profil berhasil diperbarui' would be untrue.
  const unchanged = values.name.trim() === user.name && values.phone.trim() === (user.phone ?? '')
  const profileMutation = useUpdateProfile()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (unchanged) return
    const input = check(ProfileUpdateSchema)
    if (!input) return
    try {
      await profileMutation.mutateAsync(input)
      notify('success', 'Profil berhasil diperbarui')
    } catch (err) {
      showServerErrors(err)
      notify('error', errorMessage(err, 'Gagal memperbarui profil'))
    }
  }

  return (
    <Card padding="none">
      <div
        className={css({
          h: '20',
          borderTopRadius: 'lg',
          bgGradient: 'to-r',
          gradientFrom: 'blue.600',
          gradientTo: 'indigo.500',
        })}
      />
      <div className={css({ px: { base: '5', md: '6' }, pb: '6' })}>
        <div
          className={stack({
            direction: { base: 'column', sm: 'row' },
            align: { base: 'flex-start', sm: 'flex-end' },
            gap: { base: '3', sm: '5' },
            mt: '-10',
          })}
        >
          <AvatarPicker user={user} />
          <div className={css({ minW: '0', pb: '1' })}>
            <p className={css({ fontSize: 'xl', fontWeight: '700', letterSpacing: '-0.01em' })}>
              {user.name}
            </p>
            <div
              className={hstack({
                flexWrap: 'wrap',

                gap: '3',
                mt: '1',
                fontSize: 'sm',
                color: 'fgMuted',
              })}
            >
              <RoleBadge role={user.role} />
              <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
                <IconMail size={14} /> {user.email}
              </span>
              <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
                <IconCalendar size={14} /> Bergabung {formatDateLong(user.created_at)}
              </span>
            </div>
          </div>
        </div>

        <form
          onSubmit={onSubmit}
          noValidate
          className={grid({
            mt: '6',

            gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
            gap: '4',
          })}
        >
          <TextField label="Nama Lengkap" {...field('name')} autoComplete="name" />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={user.email}
            readOnly
            hint="Email tidak dapat diubah"
          />
          <TextField label="Nomor Telepon" {...field('phone')} type="tel" autoComplete="tel" />
          <div
            className={flex({
              gridColumn: { md: '1 / -1' },

              justify: 'flex-end',
              pt: '2',
            })}
          >
            <Button
              type="submit"
              loading={profileMutation.isPending}
              disabled={unchanged}
              needsSignal={needsSignalTo('menyimpan profil')}
            >
              {profileMutation.isPending ? null : <IconSave />} Simpan Perubahan
            </Button>
          </div>
        </form>
      </div>
    </Card>
  )
}

/** The avatar with 'Ubah foto profil': an image of at most the allowed size, sent as soon as it is picked. */
function AvatarPicker({ user }: { user: User }) {
  const fileInput = useRef<HTMLInputElement>(null)
  const avatarMutation = useUpdateAvatar()

  async function onAvatarPicked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) {
      notify('error', AVATAR_TYPE_MESSAGE)
      return
    }
    if (file.size > AVATAR_MAX_BYTES) {
      notify('error', MSG.tooLarge)
      return
    }
    try {
      await avatarMutation.mutateAsync(file)
      notify('success', 'Foto profil berhasil diperbarui')
    } catch (err) {
      notify('error', errorMessage(err, 'Gagal mengupload foto profil'))
    }
  }

  return (
    <div className={css({ position: 'relative' })}>
      <Avatar
        name={user.name}
        src={user.avatar}
        size="xl"
        className={css({ borderWidth: '4px', borderColor: 'surface', boxShadow: 'card' })}
      />
      <Button
        variant="secondary"
        size="sm"
        iconOnly
        aria-label="Ubah foto profil"
        title="Ubah foto profil"
        disabled={avatarMutation.isPending}
        needsSignal={needsSignalTo('mengubah foto profil')}
        onClick={() => fileInput.current?.click()}
        className={css({ position: 'absolute', right: '0', bottom: '0', borderRadius: 'full' })}
      >
        {avatarMutation.isPending ? <Spinner /> : <IconCamera />}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        aria-label="Pilih foto profil"
        className={css({ srOnly: true })}
        tabIndex={-1}
        onChange={onAvatarPicked}
      />
    </div>
  )
}
