import { useEffect, useRef, useState } from 'react'

/**
 * A section's editing state: what the writer is typing (rows not complete yet included) and what is saved
 * (`clean` of it, only when it changed). A new copy from outside (another writer's change fetched, a clash
 * settled) replaces the local state; the echo of this writer's own save does not.
 */
export function useSectionDraft<Local, Saved>(
  saved: Saved,
  toLocal: (saved: Saved) => Local,
  clean: (local: Local) => Saved,
  save: (value: Saved) => void,
): [Local, (next: Local) => void] {
  const [local, setLocal] = useState(() => toLocal(saved))
  const last = useRef(JSON.stringify(saved ?? null))
  const savedText = JSON.stringify(saved ?? null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved copy's text decides, not its identity
  useEffect(() => {
    if (savedText === last.current) return
    last.current = savedText
    setLocal(toLocal(saved))
  }, [savedText])
  const change = (next: Local) => {
    setLocal(next)
    const cleaned = clean(next)
    const text = JSON.stringify(cleaned ?? null)
    if (text === last.current) return
    last.current = text
    save(cleaned)
  }
  return [local, change]
}
