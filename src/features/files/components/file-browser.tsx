import { useInfiniteQuery } from '@tanstack/react-query'
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { type FileArea, type FolderRef, MAX_FILES_PER_UPLOAD } from '../../../contracts/files'
import type { Project } from '../../../contracts/projects'
import { useOnline } from '../../../lib/use-online'
import { AREA_META } from '../../../ui/area'
import { Card } from '../../../ui/card'
import { folderQueryOptions } from '../queries'
import { BrowserBody, type Entry } from './browser-body'
import { BrowserHeader } from './browser-header'
import { FileRow, FolderRow } from './browser-rows'
import { DeleteDialogs } from './delete-dialogs'
import { FileReviewNoteDialog } from './file-review-dialog'
import { useFolderLocation } from './folder-location'
import { FolderNameDialog } from './folder-name-dialog'
import { UploadDialog } from './upload-dialog'
import { useFileActions } from './use-file-actions'

const DEFAULT_LIMITS = { max_file_bytes: 200 * 1024 * 1024, max_files: MAX_FILES_PER_UPLOAD }

/**
 * The folder and file browser of the perencanaan and pengawasan tabs (SPEC section 2): breadcrumbs,
 * folders then files by name, the five dialogs, review for admins. The folder shown is in the URL hash;
 * every folder seen once stays readable offline (the query cache is persisted). What a row can start
 * lives in useFileActions.
 */
export function FileBrowser({ area, project }: { area: FileArea; project: Project }) {
  const slug = project.slug
  const { folder, file: targetFile, open } = useFolderLocation(slug, area)
  const query = useInfiniteQuery(folderQueryOptions(slug, area, folder))
  const online = useOnline()
  const meta = AREA_META[area]

  // Trails of folders seen, so the breadcrumb of a folder being opened shows before its page arrives.
  const trails = useRef(new Map<string, FolderRef[]>())
  const first = query.data?.pages[0]
  if (first?.folder) trails.current.set(first.folder.uuid, first.paths)
  const trail = first?.paths ?? (folder ? (trails.current.get(folder) ?? []) : [])
  const where = [meta.label, ...trail.map((f) => f.name)].join(' / ')

  const entries = useMemo<Entry[]>(() => {
    const pages = query.data?.pages ?? []
    return [
      ...pages.flatMap((p) => p.folders.map((f) => ({ kind: 'folder' as const, folder: f }))),
      ...pages.flatMap((p) => p.files.map((f) => ({ kind: 'file' as const, file: f }))),
    ]
  }, [query.data])
  // Remember where each folder sits, for the breadcrumb when it is opened.
  for (const e of entries) if (e.kind === 'folder') trails.current.set(e.folder.uuid, [...trail, e.folder])

  const can = first?.can ?? { write: false, review: false }
  // Without signal the actions stay in view and say why they cannot run now (Button's needsSignal, and
  // withSignal in useFileActions for menu items): hiding them made a file look read-only.
  const writable = can.write
  const [uploadOpen, setUploadOpen] = useState(false)
  const actions = useFileActions(slug, area)
  const { handlers, reviewing, downloads, asking } = actions

  // Opening a folder from far down a long list starts at the top of the browser.
  const card = useRef<HTMLDivElement>(null)
  const shownFolder = useRef(folder)
  useEffect(() => {
    if (shownFolder.current === folder) return
    shownFolder.current = folder
    const top = card.current?.getBoundingClientRect().top ?? 0
    if (top < 0) card.current?.scrollIntoView({ block: 'start' })
  }, [folder])

  // A link to one file ('#area/folder/file', e.g. from a notification): scrolled into view once it is listed.
  const targetListed =
    targetFile !== null && entries.some((e) => e.kind === 'file' && e.file.uuid === targetFile)
  useEffect(() => {
    if (targetListed) document.getElementById(`file-${targetFile}`)?.scrollIntoView({ block: 'center' })
  }, [targetListed, targetFile])

  const renderEntry = (e: Entry) =>
    e.kind === 'folder' ? (
      <FolderRow slug={slug} area={area} folder={e.folder} canWrite={writable} handlers={handlers} />
    ) : (
      <FileRow
        file={e.file}
        target={e.file.uuid === targetFile}
        canWrite={writable}
        canReview={can.review}
        downloading={downloads[e.file.uuid]}
        reviewing={reviewing[e.file.uuid]}
        handlers={handlers}
      />
    )
  const newFolder = () => actions.setFolderDialog({ mode: 'create', parent: folder })

  return (
    <>
      <Card
        padding="none"
        ref={card}
        data-area={area}
        className={css({ overflow: 'clip', scrollMarginTop: '20' })}
        style={{ '--file-actions': can.review ? '15rem' : '5.5rem' } as CSSProperties}
      >
        <BrowserHeader
          slug={slug}
          area={area}
          areaLabel={meta.label}
          trail={trail}
          total={first?.total}
          readOnly={!!first && !can.write}
          canWrite={can.write}
          onNewFolder={newFolder}
          onUpload={() => setUploadOpen(true)}
        />
        <BrowserBody
          query={query}
          entries={entries}
          inFolder={folder !== null}
          online={online}
          canWrite={writable}
          areaLabel={meta.label}
          onRoot={() => open(null, { replace: true })}
          onUpload={() => setUploadOpen(true)}
          onNewFolder={newFolder}
          renderEntry={renderEntry}
        />
      </Card>

      <UploadDialog
        slug={slug}
        area={area}
        folder={folder}
        where={where}
        limits={first?.limits ?? DEFAULT_LIMITS}
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
      />
      <FolderNameDialog
        slug={slug}
        area={area}
        state={actions.folderDialog}
        where={where}
        onClose={() => actions.setFolderDialog(null)}
      />
      <FileReviewNoteDialog
        file={asking}
        pending={asking !== null && reviewing[asking.uuid] === 'rejected'}
        onClose={actions.stopAsking}
        onSubmit={(file, note) => actions.sendReview(file, 'rejected', note)}
      />
      <DeleteDialogs
        confirm={actions.confirm}
        onClose={actions.stopConfirming}
        onConfirm={actions.onConfirmDelete}
        deletingFolder={actions.deletingFolder}
        deletingFile={actions.deletingFile}
      />
    </>
  )
}
