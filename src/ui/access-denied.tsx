import { css } from 'styled-system/css'
import { IconShieldAlert } from './icons'

export function AccessDenied({ message }: { message?: string }) {
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: '3',
        py: '20',
        px: '6',
      })}
    >
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          w: '14',
          h: '14',
          borderRadius: 'full',
          bg: 'danger.soft',
          color: 'danger',
        })}
      >
        <IconShieldAlert size={28} />
      </div>
      <h1 className={css({ textStyle: 'pageTitle' })}>Access Denied</h1>
      {message ? <p className={css({ color: 'fgMuted', fontSize: 'sm' })}>{message}</p> : null}
    </div>
  )
}
