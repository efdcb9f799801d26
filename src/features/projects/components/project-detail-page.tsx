import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { IconArrowLeft } from '../../../ui/icons'

/** Placeholder shell for /project/{slug}; the projects issue adds the header, tabs and areas. */
export function ProjectDetailPage({ slug }: { slug: string }) {
  return (
    <div>
      <Link to="/" className={button({ variant: 'ghost', size: 'sm' })}>
        <IconArrowLeft /> Kembali ke Dashboard
      </Link>
      <h1 className={css({ textStyle: 'pageTitle', mt: '4' })}>Project</h1>
      <p className={css({ mt: '1', fontSize: 'sm', color: 'fgSubtle', fontFamily: 'mono' })}>{slug}</p>
    </div>
  )
}
