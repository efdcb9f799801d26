import { cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { ROLE_LABELS, type Role } from '../contracts/common'

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return <span className={cx(badge({ tone: role }), className)}>{ROLE_LABELS[role] ?? role}</span>
}

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span className={badge({ tone: active ? 'approved' : 'inactive' })}>
      {active ? 'Aktif' : 'Tidak Aktif'}
    </span>
  )
}
