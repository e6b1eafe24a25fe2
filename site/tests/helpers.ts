import { AuthClient, type AuthDeps } from '../src/auth/client'

export class MemoryStorage implements Storage {
  private map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
}

export class FakeEvents {
  listeners = new Map<string, Set<(e: Event) => void>>()
  addEventListener(type: string, fn: (e: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)!.add(fn)
  }
  removeEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.get(type)?.delete(fn)
  }
  dispatch(type: string, event: object) {
    this.listeners.get(type)?.forEach((fn) => fn(event as Event))
  }
}

export type Call = { url: string; method: string; headers: Headers; body: unknown; credentials?: RequestCredentials }
type Handler = (call: Call) => Response | Promise<Response>

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch that records calls and answers from a route table ("METHOD /path" -> handler). */
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: Call[] = []
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const method = (init.method ?? 'GET').toUpperCase()
    const call: Call = {
      url,
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    }
    calls.push(call)
    const path = url.replace(/^\/api/, '').split('?')[0]
    const handler = routes[`${method} ${path}`]
    if (!handler) return json({ error: 'not found' }, 404)
    return handler(call)
  }
  return { fetch: fn as typeof fetch, calls }
}

export const USER = { id: 1, name: 'Ada Lovelace King', email: 'ada@example.org', role: 'volunteer', phone: null, isVerified: false }

export function makeClient(routes: Record<string, Handler>, extra: Partial<AuthDeps> = {}) {
  const storage = new MemoryStorage()
  const events = new FakeEvents()
  const f = fakeFetch(routes)
  const client = new AuthClient({ apiBase: '/api', fetch: f.fetch, storage, events, ...extra })
  return { client, storage, events, calls: f.calls }
}
