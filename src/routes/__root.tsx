import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet, useRouter } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { flex, vstack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { Button } from '../ui/button'
import { IconArrowLeft, IconHome } from '../ui/icons'
import { LogoMark } from '../ui/logo'

export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
})

function NotFound() {
  const router = useRouter()
  return (
    <main
      className={vstack({
        flex: '1',

        justify: 'center',
        textAlign: 'center',
        gap: '4',
        p: '6',
        minH: '100dvh',
      })}
    >
      <LogoMark size={44} />
      <p
        className={css({
          fontSize: '6xl',
          fontWeight: '800',
          letterSpacing: '-0.04em',
          color: 'slate.200',
          lineHeight: '1',
        })}
      >
        404
      </p>
      <h1 className={css({ textStyle: 'sectionTitle', fontSize: 'xl', maxW: 'md' })}>
        Halaman yang Anda cari tidak ditemukan
      </h1>
      <div className={flex({ gap: '2', mt: '2', wrap: 'wrap', justify: 'center' })}>
        <Link to="/" className={button({ variant: 'primary' })}>
          <IconHome /> Kembali ke Beranda
        </Link>
        <Button variant="secondary" onClick={() => router.history.back()}>
          <IconArrowLeft /> Kembali
        </Button>
      </div>
    </main>
  )
}
