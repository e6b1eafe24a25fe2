// Interactive pages only (content pages load no client hooks): marks <html data-hydrated> once forms
// respond, then replays what the visitor did before (kept by src/app-nav.js): each form submitted goes through
// once, each button pressed is pressed once.
declare global {
  interface Window {
    civicEarly?: { el: Element; submitter?: HTMLElement | null }[]
  }
}

export function onHydrationEnd() {
  document.documentElement.setAttribute('data-hydrated', '')
  const early = window.civicEarly?.splice(0) ?? []
  for (const { el, submitter } of early) {
    if (!el.isConnected) continue
    if (el instanceof HTMLFormElement) el.requestSubmit(submitter ?? undefined)
    else if (el instanceof HTMLElement) el.click()
  }
}
