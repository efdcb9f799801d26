import { stack } from 'styled-system/patterns'
import type { DiarySection } from '../../../contracts/diary'
import type { DayView } from '../diary-state'
import { CopyYesterday } from './copy-yesterday'
import { EquipmentSection } from './equipment-section'
import { ManpowerSection } from './manpower-section'
import { MaterialsSection } from './materials-section'
import { NotesSection } from './notes-section'
import { WeatherSection } from './weather-section'
import { WorkSection } from './work-section'

/** The six sections of a day, each saved on its own. */
export function DaySections({
  slug,
  day,
  projectId,
  view,
  readOnly,
  onSave,
}: {
  slug: string
  day: string
  projectId: number
  view: DayView
  readOnly: boolean
  onSave: (section: DiarySection, value: unknown) => void
}) {
  const s = view.sections
  const copy = readOnly ? undefined : <CopyYesterday slug={slug} day={day} onCopy={onSave} />
  return (
    <div className={stack({ gap: '4' })}>
      <WeatherSection
        value={s.weather}
        pending={view.pending.has('weather')}
        readOnly={readOnly}
        onSave={(v) => onSave('weather', v)}
      />
      <ManpowerSection
        value={s.manpower}
        pending={view.pending.has('manpower')}
        readOnly={readOnly}
        onSave={(v) => onSave('manpower', v)}
        action={copy}
      />
      <EquipmentSection
        value={s.equipment}
        pending={view.pending.has('equipment')}
        readOnly={readOnly}
        onSave={(v) => onSave('equipment', v)}
      />
      <MaterialsSection
        value={s.materials}
        pending={view.pending.has('materials')}
        readOnly={readOnly}
        onSave={(v) => onSave('materials', v)}
      />
      <WorkSection
        projectId={projectId}
        value={s.work}
        pending={view.pending.has('work')}
        readOnly={readOnly}
        onSave={(v) => onSave('work', v)}
      />
      <NotesSection
        value={s.notes}
        pending={view.pending.has('notes')}
        readOnly={readOnly}
        onSave={(v) => onSave('notes', v)}
      />
    </div>
  )
}
