import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/*
 * The one shell of every HTML page the server renders itself: the public pages (/s/, /v/: this folder)
 * and the API reference (/api/docs, server/openapi/reference-page.ts). Each page is one document with
 * its stylesheet (and at most one small script) inline and no app code, under a Content-Security-Policy
 * that names exactly those by their SHA-256, so the app's policy (no inline style or script at all,
 * security-headers.ts) never needs loosening. Text goes into the HTML through `esc`, nowhere else.
 */

/** Text for HTML, attributes included. */
export const esc = (s: string | null | undefined) =>
  (s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The source a CSP allows an inline <style> or <script> by: 'sha256-…' of its exact text. */
export const inlineHash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

/**
 * A page's own policy: nothing by default, its inline stylesheet and script by their hashes, and what
 * `more` allows besides (`img-src 'self'`, `form-action 'self'`...).
 */
export function pageCsp(inline: { css: string; js?: string }, more: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src '${inlineHash(inline.css)}'`,
    ...(inline.js === undefined ? [] : [`script-src '${inlineHash(inline.js)}'`]),
    ...more,
  ].join('; ')
}

/**
 * The document: `head` holds further <meta> lines (already escaped), `css` is the stylesheet the CSP
 * names, `script` (if any) the script it names. No inline style attributes anywhere: the CSP refuses them.
 */
export function htmlDocument(opts: {
  title: string
  css: string
  head?: string | undefined
  body: string
  script?: string | undefined
}): string {
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${opts.head ?? ''}
<title>${esc(opts.title)}</title>
<style>${opts.css}</style></head>
<body>${opts.body}${opts.script === undefined ? '' : `<script>${opts.script}</script>`}</body></html>`
}

/** Answers a page with its policy (replacing the app's), its status and any headers of its own. */
export function sendPage(
  c: Context,
  html: string,
  csp: string,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
) {
  c.header('Content-Security-Policy', csp)
  for (const [k, v] of Object.entries(headers)) c.header(k, v)
  return c.html(html, status)
}
