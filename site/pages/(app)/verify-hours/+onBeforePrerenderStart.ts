// The one URL to prerender for the route function: the page itself serves every /verify-hours/<code>.
export function onBeforePrerenderStart(): string[] {
  return ['/verify-hours']
}
