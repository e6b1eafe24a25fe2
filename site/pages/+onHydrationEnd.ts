// Interactive pages only (content pages load no client hooks): marks <html data-hydrated> once
// forms respond. /nav.js holds a form submitted before that moment; end-to-end tests wait for it.
export function onHydrationEnd() {
  document.documentElement.setAttribute('data-hydrated', '')
}
