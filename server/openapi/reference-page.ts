import { esc, htmlDocument, inlineHash, pageCsp } from '../public-pages/page-shell'

type Doc = {
  info: { title: string; description: string }
  paths: Record<
    string,
    Record<
      string,
      {
        tags: string[]
        summary: string
        security?: unknown[]
        parameters?: { name: string; in: string; description?: string }[]
        requestBody?: { content: Record<string, { schema: unknown }> }
        responses: Record<string, { description: string }>
      }
    >
  >
}

/** Inline, so the page stands alone; its policy (REFERENCE_CSP) allows exactly this text by its hash. */
export const PAGE_CSS = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;color:#1f2937}
h1{margin-bottom:4px}nav{margin:12px 0 24px}h2{border-bottom:1px solid #e5e7eb;padding-bottom:4px;margin-top:32px}
section{border:1px solid #e5e7eb;border-radius:8px;padding:8px 14px;margin:10px 0}h3{font-size:15px;margin:6px 0}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.patch{background:#7c3aed}.delete{background:#dc2626}
pre{background:#f3f4f6;padding:8px;border-radius:6px;overflow:auto;font-size:12px}.codes{color:#6b7280;font-size:13px}small{color:#6b7280}`

/**
 * The API reference as one self-contained HTML page (no scripts, no CDN: it works offline), grouped by
 * tag, with each call's parameters and body schema. The same shell as the public pages
 * (server/public-pages/page-shell.ts).
 */
export function referencePage(doc: Doc): string {
  const byTag = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> (${p.in})${p.description ? ` — ${esc(p.description)}` : ''}</li>`,
        )
        .join('')
      const body = op.requestBody
        ? Object.entries(op.requestBody.content)
            .map(
              ([type, c]) =>
                `<p>Body <code>${type}</code></p><pre>${esc(JSON.stringify(c.schema, null, 2))}</pre>`,
            )
            .join('')
        : ''
      const codes = Object.keys(op.responses).join(', ')
      const html = `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code>${op.security ? ' <small>publik</small>' : ''}</h3><p>${esc(op.summary)}</p>${params ? `<ul>${params}</ul>` : ''}${body}<p class="codes">Jawaban: ${codes}</p></section>`
      const tag = op.tags[0]
      byTag.set(tag, [...(byTag.get(tag) ?? []), html])
    }
  const nav = [...byTag.keys()].map((t) => `<a href="#${encodeURIComponent(t)}">${esc(t)}</a>`).join(' · ')
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="${encodeURIComponent(tag)}">${esc(tag)}</h2>${ops.join('')}`)
    .join('')
  return htmlDocument({
    title: doc.info.title,
    css: PAGE_CSS,
    body: `<h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)} Dokumen mesin: <a href="/api/openapi.json">/api/openapi.json</a>.</p><nav>${nav}</nav>${sections}`,
  })
}

export const PAGE_CSS_HASH = inlineHash(PAGE_CSS)

/** The page's policy: its stylesheet and nothing else. */
export const REFERENCE_CSP = pageCsp({ css: PAGE_CSS })
