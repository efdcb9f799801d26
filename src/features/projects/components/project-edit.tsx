import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import type { Project } from '../../../contracts/projects'
import { ApiError, failureMessage } from '../../../lib/api'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { TextAreaField, TextField } from '../../../ui/field'
import { IconAlertTriangle, IconRefresh } from '../../../ui/icons'
import { Notice } from '../../../ui/notice'
import { notify } from '../../../ui/notify'
import { useReloadProjects, useUpdateProject } from '../queries'

/**
 * 'Edit Project' in the card itself: the draft, the version the edit started from, and a conflict when
 * another admin saved first (409, with 'Muat ulang').
 */
export function useProjectEdit(project: Project) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState({ name: project.name, description: project.description })
  // The version the edit started from: a list refetched meanwhile must not make a stale edit look fresh.
  const [editVersion, setEditVersion] = useState(project.version)
  // Another admin saved first (409): the server's message, with 'Muat ulang'.
  const [conflict, setConflict] = useState<string | null>(null)
  const update = useUpdateProject()
  const reload = useReloadProjects()

  function startEdit() {
    setDraft({ name: project.name, description: project.description })
    setEditVersion(project.version)
    setConflict(null)
    setEditing(true)
  }

  async function reloadAfterConflict() {
    await reload(project)
    setConflict(null)
    setEditing(false)
  }

  function cancelEdit() {
    // Batal restores the original values (SPEC section 4).
    setDraft({ name: project.name, description: project.description })
    setConflict(null)
    setEditing(false)
  }

  async function save(e: FormEvent) {
    e.preventDefault()
    try {
      await update.mutateAsync({ project, input: { ...draft, version: editVersion } })
      notify('success', 'Project berhasil diupdate')
      setEditing(false)
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflict(err.message)
        return
      }
      notify(
        'error',
        failureMessage(err, {
          failed: 'Gagal mengupdate project',
          thrown: 'Terjadi kesalahan saat mengupdate project',
        }),
      )
    }
  }

  return {
    editing,
    draft,
    setDraft,
    conflict,
    saving: update.isPending,
    startEdit,
    reloadAfterConflict,
    cancelEdit,
    save,
  }
}

export type ProjectEdit = ReturnType<typeof useProjectEdit>

/** The card's edit form: name, description, the conflict note, 'Batal' and 'Simpan'. */
export function ProjectEditForm({ project, edit }: { project: Project; edit: ProjectEdit }) {
  const { draft, setDraft, conflict, reloadAfterConflict, cancelEdit, save } = edit
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={`Edit project ${project.name}`}
      className={stack({ gap: '3' })}
    >
      <TextField
        label="Nama Project"
        name="name"
        value={draft.name}
        onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        autoFocus
      />
      <TextAreaField
        label="Deskripsi"
        name="description"
        rows={3}
        value={draft.description}
        onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
      />
      {conflict ? (
        <Notice role="alert" tone="warning" icon={<IconAlertTriangle />}>
          <p>{conflict}</p>
          <Button
            variant="secondary"
            size="sm"
            className={css({ mt: '2' })}
            onClick={reloadAfterConflict}
            needsSignal={needsSignalTo('memuat ulang')}
          >
            <IconRefresh /> Muat ulang
          </Button>
        </Notice>
      ) : null}
      <div className={flex({ justify: 'flex-end', gap: '2' })}>
        <Button variant="secondary" size="sm" onClick={cancelEdit} disabled={edit.saving}>
          Batal
        </Button>
        <Button type="submit" size="sm" loading={edit.saving} needsSignal={needsSignalTo('menyimpan')}>
          Simpan
        </Button>
      </div>
    </form>
  )
}
