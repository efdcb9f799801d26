import { useId } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { FILE_MSG, MAX_FILES_PER_UPLOAD } from '../../../contracts/files'
import { formatBytes } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { IconTile } from '../../../ui/icon-tile'
import { IconUpload } from '../../../ui/icons'
import { QueuedFiles } from '../../../ui/queued-files'
import { DropZone, HiddenFileInput, UploadActions, UploadMeter } from '../../../ui/upload-dialog'
import { PickedFiles } from './picked-files'
import { type FileUploadProps, useFileUpload } from './use-file-upload'

type Upload = ReturnType<typeof useFileUpload>

/**
 * 'Upload File': pick several files (or drop them), remove any before sending, send them in one
 * request with real byte progress per file, then see per file what landed and what was refused. A
 * partial failure keeps the refused files listed with their reasons; everything sent closes the dialog.
 * Its state and the send live in useFileUpload.
 */
export function UploadDialog(props: FileUploadProps) {
  const { where, limits, open } = props
  const upload = useFileUpload(props)
  const { core, sending, progress, sendable, queued, picked } = upload

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : core.close())}
      title="Upload File"
      description={`Unggah ke ${where}. Semua jenis file, maksimal ${upload.maxMb} MB per file.`}
      size="lg"
      locked={sending}
      footer={
        // Everything handed to the outbox: nothing to send here; closing is safe (the note says so).
        queued.length > 0 && sendable.length === 0 ? (
          <Button variant="secondary" onClick={core.close}>
            Tutup
          </Button>
        ) : (
          <UploadActions
            sending={sending}
            onCancel={core.close}
            cancelWhileSending="Batalkan"
            onSend={upload.send}
            icon={<IconUpload />}
            label={
              sending
                ? `Mengunggah ${progress.total}%`
                : sendable.length > 1
                  ? `Unggah ${sendable.length} File`
                  : 'Unggah'
            }
          />
        )
      }
    >
      <div className={stack({ gap: '4' })}>
        <FilePickZone upload={upload} maxFiles={limits.max_files} />
        {picked.length > 0 ? <PickedSection upload={upload} /> : null}
        <QueuedFiles keys={queued} />
        {upload.online ? null : (
          <p
            className={css({
              fontSize: 'sm',
              color: 'warning.fg',
              bg: 'warning.soft',
              px: '3',
              py: '2',
              borderRadius: 'md',
            })}
          >
            Anda sedang offline. File disimpan di antrean dan dikirim saat ada sinyal.
          </p>
        )}
      </div>
    </Dialog>
  )
}

/** 'Pilih file atau seret ke sini', what may be sent, and why the last pick was refused. */
function FilePickZone({ upload, maxFiles }: { upload: Upload; maxFiles: number }) {
  const inputId = useId()
  const { core, error, sending } = upload
  return (
    <>
      <DropZone kind="picker" zone={core.dropZone} invalid={error !== null} htmlFor={inputId}>
        <IconTile
          size="xl"
          shape="circle"
          className={css({
            bg: 'surface',
            color: 'brand',
            boxShadow: 'xs',
            borderWidth: '1px',
            borderColor: 'border',
          })}
        >
          <IconUpload />
        </IconTile>
        <span className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>
          Pilih file{' '}
          <span
            className={css({
              display: { base: 'none', sm: 'inline' },
              fontWeight: '400',
              color: 'fgMuted',
            })}
          >
            atau seret ke sini
          </span>
        </span>
        {/* fgMuted, not fgSubtle: over the drop zone's hover tint the lighter grey fell under 4.5:1 (axe). */}
        <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>
          Gambar kerja, CAD, PDF, Office, foto, arsip ZIP · hingga {maxFiles} file sekaligus
        </span>
        <HiddenFileInput
          id={inputId}
          multiple
          aria-label="Pilih file"
          onChange={core.picker(upload.add)}
          disabled={sending}
        />
      </DropZone>
      {error ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'danger.fg', fontWeight: '500', mt: '-2' })}>
          {error}
        </p>
      ) : null}
    </>
  )
}

/** The picked files with the overall meter, each file's progress or outcome, and 'too many'. */
function PickedSection({ upload }: { upload: Upload }) {
  const { sending, progress, picked } = upload
  return (
    <div className={stack({ gap: '2' })}>
      <UploadMeter
        start={
          <>
            {upload.waiting.length} file · {formatBytes(upload.totalBytes)}
          </>
        }
        end={
          sending
            ? progress.total >= 99
              ? 'Menyimpan di server...'
              : `Mengunggah... ${progress.total}%`
            : null
        }
        percent={sending ? progress.total : null}
        label="Progres unggahan"
      />
      <PickedFiles
        picked={picked}
        sending={sending}
        percentOf={upload.percentOf}
        onRemove={upload.removePicked}
      />
      {picked.length > MAX_FILES_PER_UPLOAD ? (
        <p className={css({ fontSize: 'xs', color: 'danger.fg' })}>{FILE_MSG.tooManyFiles}</p>
      ) : null}
    </div>
  )
}
