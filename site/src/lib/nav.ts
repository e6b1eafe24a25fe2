/** Navigation: full page loads (the site uses Vike's server routing: smaller client runtime). */
export function go(url: string): void {
  window.location.assign(url)
}
