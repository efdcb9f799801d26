import type { ComponentType } from 'react'
import { css } from 'styled-system/css'
import { IconTile } from '../../../ui/icon-tile'
import {
  IconAlertTriangle,
  IconBell,
  IconCheckCircle,
  IconFileCheck,
  IconFileClock,
  IconFolderKanban,
  IconMessageSquare,
  IconRotateCcw,
  IconUpload,
  IconUserPlus,
} from '../../../ui/icons'

type Kind = { Icon: ComponentType<{ size?: number }>; tone: string; label: string }

const tone = {
  blue: css({ bg: 'blue.50', color: 'blue.600' }),
  green: css({ bg: 'green.50', color: 'green.600' }),
  amber: css({ bg: 'amber.50', color: 'amber.600' }),
  violet: css({ bg: 'violet.50', color: 'violet.600' }),
  teal: css({ bg: 'teal.50', color: 'teal.600' }),
  indigo: css({ bg: 'indigo.50', color: 'indigo.600' }),
  slate: css({ bg: 'slate.100', color: 'slate.500' }),
  red: css({ bg: 'red.50', color: 'red.600' }),
}

const UPLOAD: Kind = { Icon: IconUpload, tone: tone.blue, label: 'Unggahan' }
const APPROVED: Kind = { Icon: IconCheckCircle, tone: tone.green, label: 'Disetujui' }
const REVISION: Kind = { Icon: IconRotateCcw, tone: tone.amber, label: 'Perlu revisi' }
const EMPLOYEE: Kind = { Icon: IconUserPlus, tone: tone.violet, label: 'Karyawan baru' }

/** SPEC 3 knows two readings of the type set; both map here, anything else gets the default bell. */
const KINDS: Record<string, Kind> = {
  upload: UPLOAD,
  file_uploaded: UPLOAD,
  approved: APPROVED,
  file_approved: APPROVED,
  revision: REVISION,
  file_revision: REVISION,
  new_employee: EMPLOYEE,
  employee_added: EMPLOYEE,
  comment_added: { Icon: IconMessageSquare, tone: tone.teal, label: 'Komentar' },
  project_created: { Icon: IconFolderKanban, tone: tone.indigo, label: 'Project baru' },
  report_ready: { Icon: IconFileCheck, tone: tone.green, label: 'Laporan siap' },
  report_failed: { Icon: IconAlertTriangle, tone: tone.red, label: 'Laporan gagal' },
  diary_reminder: { Icon: IconFileClock, tone: tone.amber, label: 'Laporan harian belum diisi' },
}
const DEFAULT_KIND: Kind = { Icon: IconBell, tone: tone.slate, label: 'Notifikasi' }

export function NotificationIcon({ type, size = 'md' }: { type: string; size?: 'sm' | 'md' }) {
  const kind = KINDS[type] ?? DEFAULT_KIND
  return (
    <IconTile
      role="img"
      aria-label={kind.label}
      data-type={type}
      size={size === 'sm' ? 'sm' : 'lg'}
      shape="circle"
      fit={false}
      className={kind.tone}
    >
      <kind.Icon size={size === 'sm' ? 16 : 18} />
    </IconTile>
  )
}
