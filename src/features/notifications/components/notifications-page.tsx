import { css } from 'styled-system/css'
import { EmptyState } from '../../../ui/empty-state'
import { IconBell } from '../../../ui/icons'
import { PageHeader } from '../../../ui/page-header'

/** Placeholder: the notifications issue fills the list, tabs, search and 'Tandai Semua Dibaca'. */
export function NotificationsPage() {
  return (
    <div className={css({ maxW: '3xl', mx: 'auto' })}>
      <PageHeader title="Notifikasi" />
      <EmptyState icon={<IconBell />} title="Tidak ada notifikasi" />
    </div>
  )
}
