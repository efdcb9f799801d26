/**
 * The WhatsApp gateway (docs/decisions/0043-whatsapp-drivers.md): one interface, drivers chosen by WHATSAPP_DRIVER.
 * - `baileys`: the real WhatsApp Web client (baileys-driver.ts), session kept in the database.
 * - `simulated`: tests and demos (simulated-driver.ts): a real QR image, scanned through a test call.
 * - `off`: no bot; notifications are not queued for WhatsApp.
 *
 * Only the process holding the 'whatsapp' lease runs a driver (whatsapp-worker.ts); the others answer
 * the HTTP calls from the whatsapp_state row the holder keeps up to date.
 */
export type DriverEvents = {
  /** A QR string to show (a new one replaces the last); null once none is needed. */
  onQr: (qr: string | null) => void
  onConnected: (account: string | null) => void
  /** The connection dropped; the driver reconnects by itself unless `loggedOut`. */
  onDisconnected: (loggedOut: boolean) => void
}

/** A file to send with a message (whatsapp_outbox.document_*, read from the blob store). */
export type OutgoingDocument = { bytes: Buffer; mimetype: string; fileName: string; caption: string }

export interface WhatsAppDriver {
  readonly name: 'baileys' | 'simulated'
  /** Whether a message can be sent now. */
  readonly connected: boolean
  /** Starts connecting with the stored session (or asks for a scan through onQr). */
  start(events: DriverEvents): Promise<void>
  /** Called on every heartbeat of the holder: a driver that learns its state from the database looks. */
  poll?(): Promise<void>
  /**
   * Sends one text. `messageId` is the queue row's own id: sending it again after a crash is the same
   * message, which the recipient's phone shows once. Throws when it could not be sent.
   */
  send(jid: string, text: string, messageId: string): Promise<void>
  /**
   * Sends a document (a report's PDF) with the text as its caption, same `messageId` rule as send().
   * Absent where the driver cannot: the queue then sends the text alone (it carries the link).
   */
  sendDocument?(jid: string, doc: OutgoingDocument, messageId: string): Promise<void>
  /** Ends the linked session (the phone forgets it) and forgets the stored keys; then asks for a new scan. */
  logout(): Promise<void>
  /** Closes the connection and keeps the session for the next start (shutdown, lease lost). */
  stop(): Promise<void>
}
