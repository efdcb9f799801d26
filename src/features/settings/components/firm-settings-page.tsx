import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { MSG } from '../../../contracts/common'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { IconAlertCircle, IconRefresh } from '../../../ui/icons'
import { PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { firmSettingsQueryOptions } from '../queries'
import { FirmSettingsForm } from './firm-settings-form'
import { LogoCard } from './logo-card'

/** 'Pengaturan Firma' (admins and the superadmin): what reports and share pages say about the firm. */
export function FirmSettingsPage() {
  const query = useQuery(firmSettingsQueryOptions())
  return (
    <div className={css({ maxW: '5xl', mx: 'auto' })}>
      <PageHeader
        title="Pengaturan Firma"
        subtitle="Nama, alamat, logo dan penanda tangan yang dicetak di laporan dokumentasi."
      />
      {query.data ? (
        <div
          className={grid({
            gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' },
            gap: '6',
            alignItems: 'start',
          })}
        >
          {/* Mounted once with the loaded settings: a logo change must not reset unsaved edits. */}
          <FirmSettingsForm settings={query.data} />
          <LogoCard settings={query.data} />
        </div>
      ) : query.isError ? (
        <EmptyState
          layout="page"
          icon={<IconAlertCircle />}
          tone="danger"
          title={MSG.loadFailed}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              <IconRefresh size={16} /> Coba lagi
            </Button>
          }
        />
      ) : (
        <div className={grid({ gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, gap: '6' })}>
          <Skeleton as="div" className={css({ h: '80' })} />
          <Skeleton as="div" className={css({ h: '56' })} />
        </div>
      )}
    </div>
  )
}
