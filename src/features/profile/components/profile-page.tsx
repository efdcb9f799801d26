import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { useCurrentUser } from '../../../lib/current-user'
import { PageHeader } from '../../../ui/page-header'
import { PasswordCard } from './password-card'
import { ProfileInfoCard } from './profile-info-card'
import { WhatsAppChannelsCard } from './whatsapp-channels-card'

export function ProfilePage() {
  const user = useCurrentUser()
  return (
    <div className={css({ maxW: '3xl', mx: 'auto' })}>
      <PageHeader title="Profil Pengguna" subtitle="Kelola informasi akun dan keamanan Anda" />
      <div className={stack({ gap: '6' })}>
        <ProfileInfoCard key={user.id} user={user} />
        <WhatsAppChannelsCard />
        <PasswordCard />
      </div>
    </div>
  )
}
