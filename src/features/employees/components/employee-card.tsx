import { css } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { IconKey, IconPencil, IconTrash } from '../../../ui/icons'
import { RoleBadge, StatusBadge } from '../../../ui/role-badge'
import { Switch } from '../../../ui/switch'
import { Tooltip } from '../../../ui/tooltip'
import { UserMeta } from '../../../ui/user-meta'

type Props = {
  employee: User
  toggling: boolean
  toggleDisabled: boolean
  onToggle: (active: boolean) => void
  onEdit: () => void
  onResetPassword: () => void
  onDelete: () => void
}

export function EmployeeCard({
  employee,
  toggling,
  toggleDisabled,
  onToggle,
  onEdit,
  onResetPassword,
  onDelete,
}: Props) {
  return (
    <Card
      interactive
      aria-label={employee.name}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        h: 'full',
        // An inactive account is told by its tag and a grey avatar on a muted card, not by fading the
        // whole card: faded text and badges fell below WCAG AA contrast (axe).
        bg: employee.is_active ? undefined : 'bg',
      })}
    >
      <div className={flex({ align: 'flex-start', gap: '3' })}>
        <Avatar
          name={employee.name}
          src={employee.avatar}
          size="lg"
          className={css({ filter: employee.is_active ? undefined : 'grayscale(1)' })}
        />
        <div className={css({ flex: '1', minW: '0' })}>
          <p className={css({ fontWeight: '600', truncate: true })}>{employee.name}</p>
          <div className={flex({ mt: '1', wrap: 'wrap', gap: '1.5' })}>
            <RoleBadge role={employee.role} />
            <StatusBadge active={employee.is_active} />
          </div>
        </div>
        <Tooltip content={employee.is_active ? 'Nonaktifkan' : 'Aktifkan'}>
          <span className={css({ display: 'inline-flex', pt: '1' })}>
            <Switch
              checked={employee.is_active}
              disabled={toggleDisabled}
              onCheckedChange={onToggle}
              ariaLabel={`Status aktif ${employee.name}`}
            />
          </span>
        </Tooltip>
      </div>
      <UserMeta user={employee} />
      <div className={flex({ mt: 'auto', gap: '2', justify: 'flex-end', wrap: 'wrap' })}>
        {toggling ? (
          <span className={css({ mr: 'auto', fontSize: 'xs', color: 'fgSubtle', alignSelf: 'center' })}>
            Menyimpan...
          </span>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          onClick={onResetPassword}
          aria-label={`Atur ulang password ${employee.name}`}
        >
          <IconKey /> Atur Ulang Password
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Ubah ${employee.name}`}>
          <IconPencil /> Ubah
        </Button>
        <Button variant="dangerGhost" size="sm" onClick={onDelete} aria-label={`Hapus ${employee.name}`}>
          <IconTrash /> Hapus
        </Button>
      </div>
    </Card>
  )
}
