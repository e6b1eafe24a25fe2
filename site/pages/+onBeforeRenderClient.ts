import type { PageContextClient } from 'vike/types'

// Hydration starts in a new task: the browser runs the evaluation of the framework modules and the
// hydration as two shorter tasks instead of one long one (less Total Blocking Time).
export function onBeforeRenderClient(pageContext: PageContextClient) {
  if (!pageContext.isHydration) return
  return new Promise<void>((resolve) => setTimeout(resolve, 0))
}
