import type { FileArea } from '../src/contracts/files'

/**
 * The one event hub (docs/decisions/0039-notification-rules-table.md): services publish domain events, notifications and WhatsApp subscribe.
 * Listeners run after the publishing request has done its work; a failing listener is logged, never
 * allowed to fail the request that published the event.
 */
export type DomainEvent =
  | { type: 'employee_added'; actorId: number; userId: number; name: string; role: string }
  | { type: 'project_created'; actorId: number; projectId: number; name: string; slug: string }
  | { type: 'file_uploaded'; actorId: number; projectId: number; area: FileArea; fileIds: number[] }
  // A rejected file asks for a revision: SPEC names the notification 'file_revision' (as doc_revision).
  | {
      type: 'file_approved' | 'file_revision'
      actorId: number
      projectId: number
      area: FileArea
      fileId: number
      // The reviewer's reason with 'Revisi' (issue 30), first in the uploader's notification.
      note?: string | null
    }
  | { type: 'doc_uploaded'; actorId: number; projectId: number; docId: number }
  // 'Unggah Revisi': new photos for an item sent back for revision (issue 23); told to the admins.
  | { type: 'doc_revised'; actorId: number; projectId: number; docId: number; version: number }
  | { type: 'doc_approved'; actorId: number; projectId: number; docId: number }
  // `note`: the reviewer's reason ('catatan'), carried into the uploader's notification and WhatsApp.
  | { type: 'doc_revision'; actorId: number; projectId: number; docId: number; note?: string | null }
  // Several items judged at once (status-bulk, issue 30): one event per uploader, so each hears once.
  | {
      type: 'docs_reviewed'
      actorId: number
      projectId: number
      docIds: number[]
      status: 'approved' | 'rejected'
      note?: string | null
    }
  | { type: 'comment_added'; actorId: number; projectId: number; docId: number; commentId: number }
  // The job queue finished (or gave up on) a report: nobody acted, so the admin who asked is told too.
  | { type: 'report_ready' | 'report_failed'; actorId: null; projectId: number; reportId: number }
  // The diary reminder job (issue 34): the project's diary for `day` (firm day) is still empty.
  | { type: 'diary_reminder'; actorId: null; projectId: number; day: string }

type Listener = (event: DomainEvent) => void | Promise<void>

export class EventHub {
  private listeners: Listener[] = []
  constructor(private onError: (err: unknown) => void = (err) => console.error('[events]', err)) {}

  subscribe(listener: Listener): () => void {
    this.listeners.push(listener)
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener)
    }
  }

  /** Resolves when every listener has run (tests await it; routes do not need to). */
  async publish(event: DomainEvent): Promise<void> {
    await Promise.all(
      this.listeners.map(async (l) => {
        try {
          await l(event)
        } catch (err) {
          this.onError(err)
        }
      }),
    )
  }
}
