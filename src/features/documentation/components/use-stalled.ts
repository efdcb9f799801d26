import { useEffect, useState } from 'react'

/**
 * True once a running upload's progress has not moved for `afterMs` (null: nothing running). The sheet
 * then says that closing is safe instead of sitting at '0%' (the attempt itself gives up after 15 s
 * without a byte moving: src/lib/upload-request.ts).
 */
export function useStalled(progress: number | null, afterMs = 4000): boolean {
  const [stalled, setStalled] = useState(false)
  useEffect(() => {
    setStalled(false)
    if (progress === null || progress >= 100) return
    const t = setTimeout(() => setStalled(true), afterMs)
    return () => clearTimeout(t)
  }, [progress, afterMs])
  return stalled
}
