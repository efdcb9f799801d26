import { useLocation, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { FileArea } from '../../../contracts/files'

/**
 * The folder shown in an area lives in the URL hash beside the tab: '#pengawasan/{folderUuid}' (the
 * area's root is '#pengawasan'), so a folder can be linked, reloaded, and left with the back button.
 */
export function folderFromHash(hash: string, area: FileArea): string | null {
  let value: string
  try {
    value = decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return null
  }
  const [tab, folder] = value.split('/')
  return tab?.toLowerCase() === area && folder ? folder : null
}

/** The file a link points at inside the folder: '#pengawasan/{folderUuid}/{fileUuid}' (a notification's link). */
export function fileFromHash(hash: string, area: FileArea): string | null {
  let value: string
  try {
    value = decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return null
  }
  const [tab, , file] = value.split('/')
  return tab?.toLowerCase() === area && file ? file : null
}

export const folderHash = (area: FileArea, folder: string | null) => (folder ? `${area}/${folder}` : area)

export function useFolderLocation(slug: string, area: FileArea) {
  const hash = useLocation({ select: (l) => l.hash })
  const navigate = useNavigate()
  const folder = folderFromHash(hash, area)
  const file = fileFromHash(hash, area)
  const open = useCallback(
    (target: string | null, opts: { replace?: boolean } = {}) =>
      navigate({
        to: '/project/$slug',
        params: { slug },
        hash: folderHash(area, target),
        hashScrollIntoView: false,
        replace: opts.replace,
      }),
    [navigate, slug, area],
  )
  return { folder, file, open }
}
