// The few DOM helpers of the light pages' enhancement (src/light/): make an element, keep one in place by
// its id, put a container's managed children in order without moving the one that may have focus.

/** A new element with attributes (`className` sets the class) and text. */
export function make<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'className') el.className = value
    else el.setAttribute(name, value)
  }
  if (text !== undefined) el.textContent = text
  return el
}

/**
 * The element `id` inside `parent`, kept as asked: with `create` null it is removed; else made when missing
 * (after `after`, or at the end of `parent`) and given `text` (when not null). Returns it, or null.
 */
export function place(parent: Element, id: string, create: (() => HTMLElement) | null, after: Element | null, text: string | null): HTMLElement | null {
  let el = parent.querySelector<HTMLElement>(`[id="${id}"]`)
  if (!create) {
    el?.remove()
    return null
  }
  if (!el) {
    el = create()
    if (after) after.after(el)
    else parent.append(el)
  }
  if (text !== null && el.textContent !== text) el.textContent = text
  return el
}

/**
 * `wanted`, in order, just before `anchor` in `container`; the `managed` nodes not wanted are taken out.
 * Nodes already in place are not moved (moving a node loses its focus).
 */
export function swap(container: Element, managed: readonly (Element | null)[], wanted: readonly Element[], anchor: Element): void {
  for (const n of managed) if (n && !wanted.includes(n) && n.parentNode === container) n.remove()
  let next: Element = anchor
  for (let i = wanted.length - 1; i >= 0; i--) {
    const w = wanted[i]!
    if (w.parentNode !== container || w.nextElementSibling !== next) container.insertBefore(w, next)
    next = w
  }
}

/** `wanted`, in order, right after `first` in its parent, and nothing after them; nodes already in place
 * stay (a card being filled in keeps its focus when the list is arranged again). */
export function arrange(first: Element, wanted: readonly Element[]): void {
  let prev = first
  for (const w of wanted) {
    if (prev.nextElementSibling !== w) prev.after(w)
    prev = w
  }
  while (prev.nextElementSibling) prev.nextElementSibling.remove()
}

// Where each element shown or taken out by `present` goes back (a comment left in its place).
const marks = new WeakMap<Element, Comment>()

/** `el` in the page (`on`) or taken out, back in its own place when shown again. Taken out rather than
 * hidden: what is on the page is what applies (a reader, a search or a test finds nothing else). */
export function present(el: HTMLElement, on: boolean): void {
  let mark = marks.get(el)
  if (!mark) {
    mark = document.createComment('')
    el.before(mark)
    marks.set(el, mark)
  }
  el.hidden = false
  if (on && !el.isConnected) mark.after(el)
  else if (!on) el.remove()
}
