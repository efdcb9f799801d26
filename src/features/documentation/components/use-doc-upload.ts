import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { PhotoMeta } from '../../../contracts/doc-writes'
import { DOC_DESCRIPTION_MIN, DOC_MSG, DocUploadSchema } from '../../../contracts/documentation'
import { errorMessage } from '../../../lib/api'
import { validate } from '../../../lib/form'
import { newRequestId } from '../../../lib/upload-request'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { notify, toast } from '../../../ui/notify'
import { useUploadDialog } from '../../../ui/upload-dialog'
import type { CompressedPhoto } from '../compress/photo-compressor'
import { useReviseDoc, useUploadDocs } from '../queries'
import type { SiteDoc } from '../site'
import { duplicateText } from './photo-place'
import { useRememberedWorkItem } from './remembered-work-item'
import { EMPTY_SITE, progressError, type SiteValues, siteFields } from './site-fields'
import { photoMeta, useCapturePlace, wantsLivePlace } from './use-capture-place'
import { usePickedPhotos } from './use-picked-photos'
import { useStalled } from './use-stalled'

/**
 * The state of 'Unggah Dokumentasi' (and 'Unggah Revisi'): the picked photos and their place, the
 * description, the site fields, the progress, and the send. One Idempotency-Key per content, so sending
 * the same photos and text again (after a lost answer) is the same upload.
 */
export function useDocUpload({
  slug,
  projectId,
  open,
  revising,
  onClose,
}: {
  slug: string
  projectId: number
  open: boolean
  revising?: SiteDoc | null
  onClose: () => void
}) {
  const upload = useUploadDocs(slug)
  const revise = useReviseDoc(slug)
  const qc = useQueryClient()
  const picked = usePickedPhotos()
  const capture = useCapturePlace()
  const [site, setSite] = useState<SiteValues>(EMPTY_SITE)
  const [description, setDescription] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const keyRef = useRef<{ fingerprint: string; key: string } | null>(null)

  const workItem = useRememberedWorkItem(projectId)
  // A revision starts from the item's own work item, place and progress; a new upload from the work item
  // of the last one (once the list shows the project still has it).
  useEffect(() => {
    if (open && revising)
      setSite({
        workItem: revising.work_item ? String(revising.work_item.id) : '',
        location: revising.location ?? '',
        progress: revising.progress != null ? String(revising.progress) : '',
      })
  }, [open, revising])
  useEffect(() => {
    if (open && !revising && workItem.remembered)
      setSite((s) => (s.workItem ? s : { ...s, workItem: workItem.remembered }))
  }, [open, revising, workItem.remembered])

  function reset() {
    picked.clear()
    capture.reset()
    setSite(EMPTY_SITE)
    setDescription('')
    setTouched(false)
    setServerError(null)
    setProgress(null)
    keyRef.current = null
  }

  function addPhotos(files: File[], fromCamera: boolean) {
    setServerError(null)
    picked.add(files, fromCamera)
    // A shot in the app's camera is taken here and now: the device's position is its place.
    if (fromCamera && files.length > 0) capture.ask()
  }
  // A gallery photo taken minutes ago without GPS of its own may take the device's position too.
  const wantsLive = picked.photos.some(wantsLivePlace)
  useEffect(() => {
    if (wantsLive) capture.ask()
  }, [wantsLive, capture.ask])

  /**
   * While a photo is being sent the user may leave: the attempt is ended and the upload goes to the
   * Kotak Keluar under the same key (the submit below then closes with the queued toast). Nothing waits
   * on the network and nothing is dropped.
   */
  const core = useUploadDialog({
    onDrop: (files) => addPhotos(files, false),
    onClose: () => {
      reset()
      onClose()
    },
  })
  const { sending } = core

  const { ready, compressing } = picked
  const length = description.trim().length
  // A revision may keep the item's description (left empty).
  const tooShort = revising ? length > 0 && length < DOC_DESCRIPTION_MIN : length < DOC_DESCRIPTION_MIN
  const canSubmit = !tooShort && !compressing && !sending && !progressError(site.progress)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (ready.length === 0) {
      picked.setPhotoError(DOC_MSG.noImages)
      return
    }
    const checked =
      revising && length === 0
        ? ({ ok: true, output: { description: '' } } as const)
        : validate(DocUploadSchema, { description })
    if (!checked.ok || !canSubmit) return
    const input = ready.map((p) => ({ name: p.name, blob: (p.result as CompressedPhoto).file }))
    const meta: PhotoMeta[] = ready.map((p) => photoMeta(p, capture.place))
    const fields = siteFields(site)
    const workItemName = qc
      .getQueryData(workItemsQueryOptions(projectId).queryKey)
      ?.find((w) => w.id === fields.work_item_id)?.name
    // One key per content: sending the same photos and text again (after a lost answer) is the same upload.
    const fingerprint = JSON.stringify([
      revising?.uuid,
      checked.output.description,
      ready.map((p) => p.id),
      fields,
      meta,
    ])
    if (keyRef.current?.fingerprint !== fingerprint) keyRef.current = { fingerprint, key: newRequestId() }
    const key = keyRef.current.key
    setServerError(null)
    setProgress(0)
    if (!revising) workItem.remember(site.workItem)
    await core.send(async (signal) => {
      try {
        const vars = {
          key,
          description: checked.output.description,
          photos: input,
          meta,
          site: fields,
          workItemName,
          onProgress: setProgress,
          signal,
        }
        const res = revising
          ? await revise.mutateAsync({ ...vars, doc: revising.uuid })
          : await upload.mutateAsync(vars)
        const failed = (res.data && 'errors' in res.data ? res.data.errors : undefined) ?? []
        const copies = res.data && 'docs' in res.data ? res.data.docs.filter((d) => d.duplicate_at) : []
        if (copies.length > 0) toast({ type: 'warning', title: duplicateText(copies[0]), duration: 10_000 })
        if (failed.length > 0)
          toast({
            type: 'warning',
            title: 'Beberapa file gagal diunggah:',
            description: failed.map((f) => `${f.name}: ${f.message}`).join('\n'),
            duration: 8000,
          })
        else
          notify(
            'success',
            res.message || (revising ? 'Revisi dokumentasi berhasil diunggah' : DOC_MSG.uploaded),
          )
        reset()
        onClose()
      } catch (err) {
        setProgress(null)
        const message = errorMessage(err, 'Failed to upload file')
        setServerError(message)
        notify('error', message)
      }
    })
  }

  const stalled = useStalled(sending ? progress : null)
  const descriptionError = touched && tooShort ? DOC_MSG.descriptionShort : undefined

  return {
    core,
    sending,
    picked,
    capture,
    addPhotos,
    site,
    setSite,
    description,
    setDescription: (value: string) => {
      setDescription(value)
      setServerError(null)
    },
    length,
    tooShort,
    touchDescription: () => setTouched(length > 0 || touched),
    descriptionError,
    canSubmit,
    submit,
    progress,
    stalled,
    serverError,
  }
}
