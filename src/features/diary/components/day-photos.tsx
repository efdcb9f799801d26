import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { Card } from '../../../ui/card'
import { firmClock } from '../diary-state'

/** A capture time with its zone on the firm's clock; a camera's wall clock (no zone) as it reads. */
const clockOf = (t: string) =>
  /(Z|[+-]\d\d:?\d\d)$/.test(t) ? firmClock(t) : t.slice(11, 16).replace(':', '.')

/** A documentation photo of the day, as the route hands it over from the Dokumentasi list. */
export type DayPhoto = { uuid: string; src: string; full: string; takenAt: string | null; caption: string }

/** The day's documentation photos beside the diary, by the time they were taken. */
export function DayPhotos({ photos, loading }: { photos: DayPhoto[] | undefined; loading: boolean }) {
  const sorted = [...(photos ?? [])].sort((a, b) => (a.takenAt ?? '').localeCompare(b.takenAt ?? ''))
  return (
    <Card padding="md" data-testid="diary-photos">
      <h2 className={css({ fontSize: 'md', fontWeight: '600', mb: '3' })}>Foto hari ini</h2>
      {sorted.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
          {loading
            ? 'Memuat foto…'
            : photos
              ? 'Belum ada foto dokumentasi hari ini.'
              : 'Foto hari ini belum tersimpan di perangkat ini.'}
        </p>
      ) : (
        <ul
          className={grid({ columns: { base: 3, md: 2 }, gap: '2' })}
          aria-label="Foto dokumentasi hari ini"
        >
          {sorted.map((p) => (
            <li key={p.uuid}>
              <a href={p.full} target="_blank" rel="noreferrer">
                <img
                  src={p.src}
                  alt={p.caption || 'Foto dokumentasi'}
                  loading="lazy"
                  className={css({
                    w: 'full',
                    aspectRatio: '1',
                    objectFit: 'cover',
                    borderRadius: 'md',
                    bg: 'subtle',
                  })}
                />
              </a>
              <span className={css({ fontSize: 'xs', color: 'fgMuted', fontVariantNumeric: 'tabular-nums' })}>
                {p.takenAt ? clockOf(p.takenAt) : '–'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
