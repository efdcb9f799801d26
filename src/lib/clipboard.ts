/**
 * Copies text: the Clipboard API where the page may use it, else the old select-and-copy on a hidden
 * field (an http address on a LAN, an older WebView). False when neither worked: the caller shows the
 * text to copy by hand.
 */
export async function copyText(text: string, within: HTMLElement = document.body): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    /* refused (no permission, page not focused): try the fallback */
  }
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  Object.assign(field.style, { position: 'fixed', top: '0', left: '0', opacity: '0' })
  // Inside the open dialog: its focus trap would pull the focus (and the selection) back from the body.
  within.appendChild(field)
  field.select()
  let ok = false
  try {
    ok = document.execCommand('copy')
  } catch {
    ok = false
  }
  field.remove()
  return ok
}
