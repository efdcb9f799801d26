import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { DIARY_LIMITS } from '../../../contracts/diary'
import { Button } from '../../../ui/button'

const WIDTH = 600
const HEIGHT = 220

/** The PNG data URL of a drawn signature, or null when nothing is drawn or it is over the 200 KB limit. */
export function signatureDataUrl(canvas: HTMLCanvasElement): string | null {
  const url = canvas.toDataURL('image/png')
  const bytes = Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4)
  return bytes <= DIARY_LIMITS.signatureBytes ? url : null
}

/**
 * A signature drawn with a finger, pen or mouse (pointer events; the page does not scroll under the
 * finger). `onChange` gets the PNG data URL after each stroke, null once cleared.
 */
export function SignaturePad({
  onChange,
  label = 'Tanda tangan',
}: {
  onChange: (url: string | null) => void
  label?: string
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef(false)
  const [empty, setEmpty] = useState(true)

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return
    ctx.lineWidth = 3
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    ctx.strokeStyle = '#0f172a'
  }, [])

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    return {
      x: ((e.clientX - rect.left) / rect.width) * WIDTH,
      y: ((e.clientY - rect.top) / rect.height) * HEIGHT,
    }
  }
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT)
    setEmpty(true)
    onChange(null)
  }

  return (
    <div>
      <p className={css({ fontSize: 'sm', fontWeight: '500', mb: '1.5' })}>{label}</p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={empty ? `${label}: belum ada` : `${label}: sudah digambar`}
        data-testid="signature-pad"
        className={css({
          w: 'full',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          bg: 'surface',
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'borderStrong',
          borderRadius: 'md',
          touchAction: 'none',
          cursor: 'crosshair',
        })}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d')
          if (!ctx) return
          e.currentTarget.setPointerCapture(e.pointerId)
          drawing.current = true
          const p = point(e)
          ctx.beginPath()
          ctx.moveTo(p.x, p.y)
          ctx.lineTo(p.x + 0.1, p.y + 0.1)
          ctx.stroke()
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return
          const ctx = e.currentTarget.getContext('2d')
          const p = point(e)
          ctx?.lineTo(p.x, p.y)
          ctx?.stroke()
        }}
        onPointerUp={(e) => {
          if (!drawing.current) return
          drawing.current = false
          setEmpty(false)
          onChange(signatureDataUrl(e.currentTarget))
        }}
      />
      <div className={flex({ justify: 'space-between', align: 'center', mt: '1.5' })}>
        <span className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
          Gambar tanda tangan di kotak di atas
        </span>
        <Button variant="ghost" size="sm" onClick={clear} disabled={empty}>
          Hapus tanda tangan
        </Button>
      </div>
    </div>
  )
}
