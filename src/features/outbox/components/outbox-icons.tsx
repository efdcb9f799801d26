import type { SVGProps } from 'react'

type Props = SVGProps<SVGSVGElement> & { size?: number }

function Svg({ size = 16, children, ...props }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  )
}

/** A tray with an arrow going up: things waiting to leave the phone. */
export const IconOutbox = (p: Props) => (
  <Svg {...p}>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H16" />
    <path d="M12 2v9" />
    <path d="m8.5 5.5 3.5-3.5 3.5 3.5" />
  </Svg>
)

export const IconCloudUpload = (p: Props) => (
  <Svg {...p}>
    <path d="M12 13v8" />
    <path d="M4 14.9A7 7 0 1 1 15.7 8h1.8a4.5 4.5 0 0 1 2.5 8.2" />
    <path d="m8 17 4-4 4 4" />
  </Svg>
)

export const IconCloudDownload = (p: Props) => (
  <Svg {...p}>
    <path d="M12 13v8l-4-4" />
    <path d="m12 21 4-4" />
    <path d="M4.4 15.4A7 7 0 1 1 15.7 8h1.8a4.5 4.5 0 0 1 2.1 8.5" />
  </Svg>
)

export const IconHeartSmall = (p: Props) => (
  <Svg {...p}>
    <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />
  </Svg>
)

export const IconHardDrive = (p: Props) => (
  <Svg {...p}>
    <path d="M22 12H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    <path d="M6 16h.01" />
    <path d="M10 16h.01" />
  </Svg>
)

export const IconRefresh = (p: Props) => (
  <Svg {...p}>
    <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16" />
    <path d="M8 16H3v5" />
  </Svg>
)

/** A phone with an arrow coming down into it: install the app. */
export const IconInstall = (p: Props) => (
  <Svg {...p}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M12 7v7" />
    <path d="m9 11 3 3 3-3" />
    <path d="M11 18h2" />
  </Svg>
)
