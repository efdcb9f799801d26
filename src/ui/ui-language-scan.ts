import ts from 'typescript'

/*
 * Finds English in what the user reads (issue 32: 'Indonesian everywhere'). It reads the source, not the
 * running app, so every screen and state is covered, also the ones no test walks to: JSX text, the
 * strings handed to elements and components (labels, titles, placeholders, toasts), and message
 * constants. It skips what the user never reads: imports, class names and styles, keys and ids,
 * comparisons, log lines and developer errors.
 */

/**
 * English words that have no place in Indonesian UI text. Words the product uses as Indonesian
 * (SPEC's own strings: Project, File, Folder, Review, Password, Email, Dashboard, Download Project,
 * Upload File, Pending, offline/online) are not listed: the allow-list names the English sentences
 * SPEC dictates.
 */
export const ENGLISH_WORDS = new Set(
  `about access add added again all already an and any are approve approved at back be been but by
  can cancel cannot changed choose clear click close code comment comments completed confirm could
  create created current delete deleted denied details do document documents does done download
  downloading edit enter error failed fetch file's for forgot found from get go has have help
  here home how if image images in into invalid is it its later like load loading login logout logged
  member members more must my name new next no not now of on one only open or other our out page
  photo photos please preview previous projects refresh reject rejected remove rename report reports
  required reset retry save saved saving search select send sent session settings share should show
  sign something sort success successfully sure the their there this to today toggle try unable
  unknown update updated upload uploaded uploading user users view was we week were what when which
  will with without yes yesterday you your`
    .split(/\s+/)
    .filter(Boolean),
)

/** JSX attributes that are never shown: styling, wiring, routing, test hooks. */
const HIDDEN_ATTRIBUTES = new Set([
  'accept',
  // The permission of the project's can (src/lib/can.ts) a subpage needs.
  'allowedBy',
  'as',
  'form',
  'autoComplete',
  'className',
  'bodyClassName',
  'hash',
  'href',
  'htmlFor',
  'id',
  'inputMode',
  'key',
  'lang',
  'layout',
  'method',
  'mode',
  'name',
  'placement',
  'rel',
  'role',
  'size',
  'src',
  'target',
  'to',
  'tone',
  'type',
  'variant',
  'enterKeyHint',
  'capture',
  'decoding',
  'loading',
  'fetchPriority',
  'preload',
  'shape',
  'align',
  'side',
  'direction',
  'width',
  'height',
  'viewBox',
  'fill',
  'stroke',
  'd',
])

/** Calls whose strings are styles, logs or developer errors. */
const HIDDEN_CALLS = new Set([
  'css',
  'cx',
  'cva',
  'sva',
  'flex',
  'hstack',
  'vstack',
  'stack',
  'grid',
  'button',
  'badge',
  'Error',
  'TypeError',
  'RangeError',
  'require',
  'import',
  'queryKey',
  'createFileRoute',
  'createElement',
  'addEventListener',
  'removeEventListener',
  'getItem',
  'setItem',
  'removeItem',
  'querySelector',
  'querySelectorAll',
  'getElementById',
  'matchMedia',
  'postMessage',
  'setAttribute',
  'getAttribute',
  'fetch',
  'apiFetch',
  'apiCall',
  'request',
  'get',
  'set',
  'has',
  'delete',
  'startsWith',
  'endsWith',
  'includes',
  'split',
  'replace',
  'join',
  'toLocaleString',
  'toLocaleDateString',
  'DateTimeFormat',
  'NumberFormat',
  'Intl',
])

export type Finding = { file: string; line: number; text: string; words: string[] }

/** The English words of a text ('Failed to fetch' → failed, to, fetch); empty when there are none. */
export function englishWords(text: string): string[] {
  // 'ease-out' and 'doc-upload-form' are one token each: names, not English words.
  const words = text.toLowerCase().match(/[a-z][a-z'_-]*/g) ?? []
  return [...new Set(words.filter((w) => ENGLISH_WORDS.has(w)))]
}

/** A string a person reads: has letters and reads as text (a space, or a capital first letter). */
function readsAsText(text: string, inJsx: boolean): boolean {
  const t = text.trim()
  if (!/[A-Za-z]{2}/.test(t)) return false
  // A style sheet or script inlined in the share page ('a{color:#fff;…}', 'function(){…}').
  if ((t.match(/;/g)?.length ?? 0) >= 2 || /function\s*\(/.test(t)) return false
  // An all-capitals word is a constant or a protocol name ('GET', 'PDF'), not a sentence.
  if (/^[A-Z0-9_]+$/.test(t)) return false
  if (inJsx) return true
  return /\s/.test(t) || /^[A-Z]/.test(t)
}

function calleeName(expr: ts.Expression): string {
  if (ts.isIdentifier(expr)) return expr.text
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text
  return ''
}

function isLogCall(call: ts.CallExpression): boolean {
  const e = call.expression
  return ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'console'
}

/** Whether a string literal at this place is shown to the user. */
function shown(node: ts.Node): boolean {
  let child: ts.Node = node
  let parent = node.parent
  // Through the expressions a shown string passes: a ternary, `??`, `||`, parentheses, templates, `as const`.
  while (
    parent &&
    (ts.isConditionalExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isTemplateSpan(parent) ||
      ts.isTemplateExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isJsxExpression(parent) ||
      ts.isArrayLiteralExpression(parent) ||
      (ts.isBinaryExpression(parent) &&
        [
          ts.SyntaxKind.QuestionQuestionToken,
          ts.SyntaxKind.BarBarToken,
          ts.SyntaxKind.PlusToken,
          ts.SyntaxKind.AmpersandAmpersandToken,
        ].includes(parent.operatorToken.kind)))
  ) {
    if (ts.isConditionalExpression(parent) && parent.condition === child) return false
    if (ts.isJsxExpression(parent)) break
    child = parent
    parent = parent.parent
  }
  if (!parent) return false
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent))
    return false
  if (ts.isLiteralTypeNode(parent) || ts.isTypeNode(parent)) return false
  if (ts.isBinaryExpression(parent)) return false // comparisons, `in`, assignments to keys
  if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent)) return false
  if (ts.isPropertyAssignment(parent) && parent.name === child) return false
  if (ts.isPropertyAssignment(parent)) {
    const key = parent.name.getText()
    if (
      /^(className|queryKey|key|id|href|to|path|url|method|type|kind|role|variant|tone|mime|accept)$/.test(
        key,
      )
    )
      return false
  }
  if (ts.isJsxExpression(parent)) {
    const attr = parent.parent
    if (attr && ts.isJsxAttribute(attr)) {
      const name = attr.name.getText()
      return !HIDDEN_ATTRIBUTES.has(name) && !name.startsWith('data-')
    }
    return true
  }
  if (ts.isJsxAttribute(parent)) {
    const name = parent.name.getText()
    return !HIDDEN_ATTRIBUTES.has(name) && !name.startsWith('data-')
  }
  if (ts.isCallExpression(parent) && isLogCall(parent)) return false
  return !insideHiddenCall(parent)
}

/** Inside a style, log or error call at any depth (`css({ transition: 'all 0.2s' })`). */
function insideHiddenCall(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && HIDDEN_CALLS.has(calleeName(n.expression)))
      return true
    if (ts.isCallExpression(n) && isLogCall(n)) return true
  }
  return false
}

/**
 * What a person reads of an HTML template (the share page): the text between tags and the attributes
 * that are shown or read aloud, not tag and attribute names.
 */
function htmlText(html: string): string {
  const shownAttributes = [...html.matchAll(/\b(?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map(
    (m) => m[1],
  )
  return [html.replace(/<[^>]*>?/g, ' '), ...shownAttributes].join(' ')
}

/** Scans one source file's text; `file` names it in the findings. */
export function scanSource(file: string, source: string): Finding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const found: Finding[] = []
  const add = (node: ts.Node, raw: string, inJsx: boolean) => {
    const text = raw.includes('<') ? htmlText(raw) : raw
    if (!readsAsText(text, inJsx)) return
    const words = englishWords(text)
    if (words.length === 0) return
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
    found.push({ file, line, text: text.trim().replace(/\s+/g, ' '), words })
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text, true)
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (shown(node)) add(node, node.text, ts.isJsxAttribute(node.parent))
    } else if (ts.isTemplateExpression(node)) {
      // The literal parts only; each ${…} becomes '…' (no space: `retry:${id}` stays a key).
      const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…')
      if (shown(node)) add(node, text, false)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}
