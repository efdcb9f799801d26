import { css } from 'styled-system/css'
import type { User } from '../../../contracts/auth'
import { EmptyState } from '../../../ui/empty-state'
import { IconFolder } from '../../../ui/icons'

/**
 * Placeholder for the project dashboard (the projects issue fills it: stat cards, 'Semua Project' /
 * 'Project Anda', project cards, 'Project Baru').
 */
export function ProjectDashboard({ user }: { user: User }) {
  return (
    <div>
      <div className={css({ mb: '8' })}>
        <h1 className={css({ textStyle: 'pageTitle' })}>Selamat datang, {user.name}</h1>
        <p className={css({ mt: '1', fontSize: 'sm', color: 'fgMuted' })}>
          Kelola file dan project Anda dengan mudah
        </p>
      </div>
      <EmptyState
        icon={<IconFolder />}
        title="Belum ada project"
        description={
          user.role === 'admin'
            ? 'Mulai dengan membuat project pertama Anda'
            : 'Anda belum memiliki akses ke project apapun'
        }
      />
    </div>
  )
}
