import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'

/** How long a closing connection keeps taking the client's unread body after the answer went out. */
const LINGER_MS = 2000

/**
 * An answer sent before the request body was read (401/403 before an upload, 413 at a size limit, 415
 * on a wrong type or a JSON body on a multipart route) must close its connection. Left open, the unread
 * rest of the body sits in front of the client's next request on that keep-alive socket; the node
 * adapter then gives up draining it after 500 ms (its web stream wrapper pauses the socket) and destroys
 * the socket under that next request. So: `Connection: close`, which tells the client not to reuse it.
 *
 * And then a lingering close, as nginx does: Node would destroy the socket right after the answer, and a
 * close with unread bytes in the kernel's buffer sends a TCP reset, which can make a client that is
 * still sending lose the answer it was sent. So the write side is half-closed and the socket is kept to
 * take (and drop) the client's bytes until it stops, the node adapter's drain gives up, or LINGER_MS.
 */
export function closeUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming
    // On the node server, Node's own message answers without building web Headers or a body stream
    // (that costs on every call); outside it (app.request in tests) nothing tells whether the body was
    // read, so every refusal of a request with a body counts as unread, the common case.
    const unread = incoming
      ? !incoming.readableEnded && declaresBody(incoming)
      : c.req.raw.body !== null && c.res.status >= 400
    if (!unread) return
    c.header('Connection', 'close')
    if (incoming) lingerOnClose(incoming)
  }
}

function declaresBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers['content-length']
  return incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

function lingerOnClose(incoming: IncomingMessage) {
  const socket = incoming.socket as (Socket & { destroySoon?: () => void }) | null
  if (!socket || socket.destroyed) return
  let lingering = false
  // Node's HTTP server calls destroySoon() once the `Connection: close` answer is written; a second call
  // (the adapter's drain giving up) really closes.
  socket.destroySoon = function (this: Socket) {
    if (lingering) return void this.destroy()
    lingering = true
    this.end()
    const timer = setTimeout(() => this.destroy(), LINGER_MS)
    timer.unref()
    this.once('close', () => clearTimeout(timer))
    incoming.once('end', () => this.destroy())
    // Read and drop whatever the client still sends, so its writes are not refused meanwhile.
    incoming.resume()
  }
}
