import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { fieldErrors } from '../../../contracts/common'
import {
  CONTRACT_MSG,
  type Contract,
  type ContractInput,
  ContractInputSchema,
} from '../../../contracts/contract'
import type { Project } from '../../../contracts/projects'
import { ApiError, errorMessage } from '../../../lib/api'
import { notify } from '../../../ui/notify'
import { useSaveContract } from '../contract-queries'

export type ContractFields = {
  number: string
  contractor: string
  owner: string
  value: string
  start_day: string
  duration_days: string
  lat: string
  lng: string
  radius_m: string
}

const text = (x: string | number | null) => (x === null ? '' : String(x))
/** Indonesian decimals typed with a comma ('-6,2') read as numbers; empty is null; anything else NaN. */
const decimal = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')))
/** 'Rp 1.234.567.890' as typed: the dots and the 'Rp' are the reader's, the digits the value. */
const rupiahIn = (s: string) => {
  const bare = s.replace(/^\s*rp\.?/i, '').replace(/[.\s]/g, '')
  return bare === '' ? null : /^\d+$/.test(bare) ? Number(bare) : Number.NaN
}

export function fieldsOf(c: Contract): ContractFields {
  return {
    number: text(c.number),
    contractor: text(c.contractor),
    owner: text(c.owner),
    value: c.value === null ? '' : c.value.toLocaleString('id-ID'),
    start_day: text(c.start_day),
    duration_days: text(c.duration_days),
    lat: c.site ? String(c.site.lat).replace('.', ',') : '',
    lng: c.site ? String(c.site.lng).replace('.', ',') : '',
    radius_m: c.site ? String(c.site.radius_m) : '',
  }
}

/** The form's input as the API takes it; a site only when one of its three fields is filled. */
export function inputOf(f: ContractFields): ContractInput {
  const anySite = [f.lat, f.lng, f.radius_m].some((s) => s.trim() !== '')
  return {
    number: f.number,
    contractor: f.contractor,
    owner: f.owner,
    value: rupiahIn(f.value),
    start_day: f.start_day === '' ? null : f.start_day,
    duration_days: decimal(f.duration_days),
    site: anySite
      ? {
          lat: decimal(f.lat) as number,
          lng: decimal(f.lng) as number,
          radius_m: decimal(f.radius_m) as number,
        }
      : null,
  }
}

/** The 'Kontrak Proyek' form: its fields, checked with the server's own schema before it is sent. */
export function useContractForm(project: Project, contract: Contract, onSaved: () => void) {
  const [fields, setFields] = useState(() => fieldsOf(contract))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const save = useSaveContract()

  const set = (name: keyof ContractFields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }))
    setErrors((e) => ({ ...e, [name]: '', [`site.${name}`]: '' }))
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const input = inputOf(fields)
    const checked = v.safeParse(ContractInputSchema, input)
    if (!checked.success) return setErrors(fieldErrors(checked.issues))
    setErrors({})
    setFormError(null)
    try {
      await save.mutateAsync({ project, input })
      notify('success', CONTRACT_MSG.saved)
      onSaved()
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors)
      setFormError(errorMessage(err, 'Gagal menyimpan kontrak'))
    }
  }

  /** The phone's position as the site's point (standing on site is the quickest way to set it). */
  function takeHere() {
    if (!('geolocation' in navigator)) return setFormError('Perangkat ini tidak dapat membaca lokasi')
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        setFields((f) => ({
          ...f,
          lat: String(Number(pos.coords.latitude.toFixed(6))).replace('.', ','),
          lng: String(Number(pos.coords.longitude.toFixed(6))).replace('.', ','),
          radius_m: f.radius_m || '300',
        })),
      () => setFormError('Lokasi perangkat tidak dapat dibaca. Izinkan akses lokasi atau isi manual.'),
      { enableHighAccuracy: true, timeout: 15_000 },
    )
  }

  const error = (name: keyof ContractFields) => errors[name] || errors[`site.${name}`] || undefined
  return { fields, set, error, siteError: errors.site, formError, onSubmit, saving: save.isPending, takeHere }
}
