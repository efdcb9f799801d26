import { Link } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'
import { IconBell } from '../../../ui/icons'

/** Placeholder bell: the notifications issue adds the unread dropdown (5 latest, 'Lihat Semua Notifikasi'). */
export function NotificationBell() {
  return (
    <Link
      to="/notifications"
      aria-label="Notifikasi"
      className={button({ variant: 'ghost', iconOnly: true })}
    >
      <IconBell size={18} />
    </Link>
  )
}
