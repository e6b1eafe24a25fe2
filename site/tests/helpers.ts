import { createApi } from '../src/api/client'
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

/** The origin the tests' API lives on (a Request needs an absolute URL outside a browser). */
export const ORIGIN = 'http://localhost'

/** A fetch that records calls (their URLs without ORIGIN) and answers from a route table ("METHOD /path" -> handler). */
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: Call[] = []
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init)
    const text = request.body ? await request.text() : ''
    const call: Call = {
      url: request.url.startsWith(ORIGIN) ? request.url.slice(ORIGIN.length) : request.url,
      method: request.method.toUpperCase(),
      headers: new Headers(request.headers),
      body: text ? JSON.parse(text) : undefined,
      credentials: request.credentials,
    }
    calls.push(call)
    const path = call.url.replace(/^\/api/, '').split('?')[0]
    const handler = routes[`${call.method} ${path}`]
    if (!handler) return json({ error: 'not found' }, 404)
    return handler(call)
  }
  return { fetch: fn as (request: Request) => Promise<Response>, calls }
}

export const USER = { id: 1, name: 'Ada Lovelace King', email: 'ada@example.org', role: 'volunteer', phone: null, isVerified: false }

export function makeClient(routes: Record<string, Handler>, extra: Partial<AuthDeps> = {}) {
  const storage = new MemoryStorage()
  const events = new FakeEvents()
  const f = fakeFetch(routes)
  const client = new AuthClient({ apiBase: `${ORIGIN}/api`, fetch: f.fetch, storage, events, ...extra })
  return { client, storage, events, calls: f.calls }
}

/** The API client of a signed-out visitor (public calls), answering from `routes`. */
export function publicApi(routes: Record<string, Handler>) {
  const f = fakeFetch(routes)
  return { api: createApi(`${ORIGIN}/api`, f.fetch), calls: f.calls }
}

/** An API client whose every call fails as a browser's offline fetch does. */
export const offlineApi = () => createApi(`${ORIGIN}/api`, () => Promise.reject(new TypeError('Failed to fetch')))
