import { css, cx } from 'styled-system/css'
import { IconLoader } from './icons'

export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return <IconLoader size={size} className={cx(css({ animation: 'spin 0.8s linear infinite' }), className)} />
}
