import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { periodLabel } from '../../../contracts/days'
import type { Project } from '../../../contracts/projects'
import type { Report } from '../../../contracts/reports'
import {
  SHARE_DAYS_DEFAULT,
  SHARE_DAYS_MAX,
  SHARE_DAYS_MIN,
  SHARE_LABEL_MAX,
  SHARE_MSG,
  type ShareCreate,
} from '../../../contracts/shares'
import { failureMessage, toApiError } from '../../../lib/api'
import { newRequestId } from '../../../lib/upload-request'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { FormError, TextField } from '../../../ui/field'
import type { CreatedShare } from '../api'
import { withoutMessage } from '../form-errors'
import { shareListQueryOptions, useCreateShare } from '../queries'
import { PeriodFields, usePeriodPicker } from './period-fields'
import { ShareCreated } from './share-created'
import { ExpiryField, PinField } from './share-fields'
import { ShareLinks } from './share-links'

/** What is shared: a ready report, or the approved documentation of a period (no report needed). */
export type ShareTarget = { kind: 'report'; report: Report } | { kind: 'period' }

/**
 * 'Bagikan': a link the client opens without an account: how many days it works (1-90, default 14),
 * an optional 6-digit PIN; once made, the link to copy or send by WhatsApp. Under it, the links made
 * before, each to copy or revoke.
 */
export function ShareDialog({
  project,
  target,
  onClose,
}: {
  project: Project
  target: ShareTarget | null
  onClose: () => void
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      size="lg"
    >
      <Dialog.Header
        title={target?.kind === 'period' ? SHARE_MSG.sharePeriod : SHARE_MSG.buttonShare}
        description={target?.kind === 'report' ? target.report.title : SHARE_MSG.sharePeriodHint}
      />
      {target ? (
        <ShareBody
          key={target.kind === 'report' ? `r${target.report.id}` : 'period'}
          project={project}
          target={target}
        />
      ) : null}
    </Dialog.Root>
  )
}

function ShareBody({ project, target }: { project: Project; target: ShareTarget }) {
  const slug = project.slug
  const create = useCreateShare(slug)
  const list = useQuery(shareListQueryOptions(slug))
  const picker = usePeriodPicker(project)
  const [days, setDays] = useState(String(SHARE_DAYS_DEFAULT))
  const [pin, setPin] = useState('')
  const [label, setLabel] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [created, setCreated] = useState<(CreatedShare & { pin: string; label: string }) | null>(null)
  const sent = useRef<{ body: string; key: string } | null>(null)

  const edited = () => {
    setErrors({})
    setFailure(null)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (create.isPending) return
    const n = Number(days)
    const next: Record<string, string> = {}
    if (!Number.isInteger(n) || n < SHARE_DAYS_MIN || n > SHARE_DAYS_MAX)
      next.expires_in_days = SHARE_MSG.badDays
    if (pin !== '' && !/^\d{6}$/.test(pin)) next.pin = SHARE_MSG.badPin
    const name = label.trim()
    if (name.length > SHARE_LABEL_MAX) next.label = SHARE_MSG.badLabel
    if (Object.keys(next).length > 0) return setErrors(next)
    const common = { expires_in_days: n, ...(pin ? { pin } : {}), ...(name ? { label: name } : {}) }
    const input: ShareCreate =
      target.kind === 'report'
        ? { report_id: target.report.id, ...common }
        : { from: picker.period.from, to: picker.period.to, ...common }
    const body = JSON.stringify(input)
    if (sent.current?.body !== body) sent.current = { body, key: newRequestId() }
    try {
      const share = await create.mutateAsync({ input, key: sent.current.key })
      sent.current = null
      setCreated({ ...share, pin, label: name })
    } catch (err) {
      const error = toApiError(err, SHARE_MSG.createFailed)
      if (error.status >= 400 && error.status < 500) sent.current = null
      // A field error that is the answer's own message shows once, in the banner.
      setErrors(withoutMessage(error.errors, error.message))
      setFailure(
        failureMessage(err, {
          failed: SHARE_MSG.createFailed,
          thrown: `${SHARE_MSG.createFailed}. Periksa koneksi Anda.`,
        }),
      )
    }
  }

  const shares = (list.data ?? []).filter((s) =>
    target.kind === 'report' ? s.report?.id === target.report.id : s.report === null,
  )
  return (
    <Dialog.Body signalNote={needsSignalTo('membagikan')}>
      <div className={stack({ gap: '5' })}>
        {created ? (
          <ShareCreated
            slug={slug}
            share={created}
            onAnother={() => {
              setCreated(null)
              setPin('')
              setLabel('')
            }}
          />
        ) : (
          <form id="share-form" onSubmit={onSubmit} noValidate className={stack({ gap: '4' })}>
            {target.kind === 'period' ? (
              <PeriodFields picker={picker} errors={errors} onEdit={edited} />
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
                Periode {periodLabel(target.report.period_from, target.report.period_to)} ·{' '}
                {target.report.photo_count} foto
              </p>
            )}
            <TextField
              label={SHARE_MSG.labelLabel}
              value={label}
              maxLength={SHARE_LABEL_MAX}
              autoComplete="off"
              placeholder={SHARE_MSG.labelPlaceholder}
              hint={SHARE_MSG.labelHint}
              error={errors.label}
              onChange={(e) => {
                setLabel(e.target.value)
                edited()
              }}
            />
            <ExpiryField
              days={days}
              error={errors.expires_in_days}
              onChange={(value) => {
                setDays(value)
                edited()
              }}
            />
            <PinField
              pin={pin}
              error={errors.pin}
              onChange={(value) => {
                setPin(value)
                edited()
              }}
            />
            <FormError message={failure} />
            <Button type="submit" loading={create.isPending} needsSignal={needsSignalTo('membagikan')}>
              {SHARE_MSG.create}
            </Button>
          </form>
        )}
        <ShareLinks
          slug={slug}
          shares={shares}
          loading={list.isPending}
          error={list.isError && !list.data ? SHARE_MSG.listFailed : null}
          showPeriod={target.kind === 'period'}
        />
      </div>
    </Dialog.Body>
  )
}
