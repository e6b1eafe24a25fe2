// Interactive pages only (content pages load no client hooks): marks <html data-hydrated> so end-to-end
// tests can wait until buttons and forms respond.
export function onHydrationEnd() {
  document.documentElement.setAttribute('data-hydrated', '')
}
