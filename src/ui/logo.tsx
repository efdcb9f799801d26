import { useId } from 'react'
import { css, cx } from 'styled-system/css'

/** The Berkas mark: a folder tab over stacked sheets, on a blue tile. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  // A per-instance gradient id: a shared id would resolve to the first copy, which may sit in a hidden subtree.
  const gradientId = `berkas-tile-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
      className={cx(css({ flexShrink: 0 }), className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="64" y2="64" gradientUnits="userSpaceOnUse">
          <stop stopColor="#3b82f6" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradientId})`} />
      <rect x="18" y="13" width="28" height="8" rx="3" fill="#fff" fillOpacity="0.45" />
      <path
        d="M13 24a4 4 0 0 1 4-4h9.3a4 4 0 0 1 3 1.35l2.2 2.45a4 4 0 0 0 3 1.35H47a4 4 0 0 1 4 4V46a4 4 0 0 1-4 4H17a4 4 0 0 1-4-4Z"
        fill="#fff"
      />
      <path
        d="M24 36.5l5.5 5.5L41 30.5"
        stroke="#1d4ed8"
        strokeWidth="4.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
