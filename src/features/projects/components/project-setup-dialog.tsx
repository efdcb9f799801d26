import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import type { Project } from '../../../contracts/projects'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { StartDaySetting } from './start-day-setting'
import { WorkItemSetup } from './work-item-setup'

const heading = css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })

/**
 * 'Pengaturan Proyek' (admins): what a project is set up with before its first report (issue 30: these
 * were reachable only from inside other dialogs): its start day and its work items in order, with codes.
 */
export function ProjectSetupDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Pengaturan Proyek"
      description={project?.name}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Selesai
        </Button>
      }
    >
      {project ? (
        <div className={stack({ gap: '6' })}>
          <section aria-labelledby="setup-start" className={stack({ gap: '2' })}>
            <h3 id="setup-start" className={heading}>
              Tanggal mulai
            </h3>
            <StartDaySetting project={project} />
          </section>
          <section aria-labelledby="setup-items" className={stack({ gap: '2' })}>
            <h3 id="setup-items" className={heading}>
              Item pekerjaan
            </h3>
            <p className={css({ fontSize: 'xs', color: 'fgMuted', mt: '-1' })}>
              Urutan ini dipakai di pilihan item pekerjaan, filter dan bagian laporan. Kode opsional (I.1,
              A.2).
            </p>
            <WorkItemSetup projectId={project.id} />
          </section>
        </div>
      ) : null}
    </Dialog>
  )
}
