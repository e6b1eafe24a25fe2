// The one typed client of the service's API. Paths, parameters and bodies come from the OpenAPI
// document the service serves (src/api/generated/schema.d.ts, written by `make api-types`), so a
// body the service changes fails `tsc` here until the site follows. Auth is middleware on this
// client (src/auth/client.ts installs it): the access token header, and one refresh and retry on 401.
import type { Client, Middleware } from 'openapi-fetch'
import type { paths } from './generated/schema'

/** The calls the site makes: GET, POST and PUT on the document's paths, and the middleware. */
export type Api = Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'use'>
export type { paths }

/** What the auth middleware needs from the session that owns the token. */
export type TokenSession = {
  token(): string | null
  /** Resolves once a refresh in flight has settled (at once when none is). */
  settled(): Promise<unknown>
  /** One shared refresh; true when a new token is in hand. */
  refresh(): Promise<boolean>
}

/** The document's paths start with /api: the client's base is API_BASE without it. */
export function apiRoot(apiBase: string): string {
  return apiBase.replace(/\/+$/, '').replace(/\/api$/, '')
}

// openapi-fetch's createClient, when the page loaded it with its own modules (provideApiModule).
let provided: typeof import('openapi-fetch').default | undefined

/**
 * Hand the API clients openapi-fetch, loaded with the page's own modules: a light page (src/light/) calls
 * the API as it starts, and fetched only on that call the module kept the slot's RSVP press waiting for
 * it (on a slow phone, an interaction unanswered for ~2 s: bench/inp.py).
 */
export function provideApiModule(createClient: typeof import('openapi-fetch').default): void {
  provided = createClient
}

/**
 * A client on `apiBase` (such as "/api"); `fetchImpl` is called with a Request.
 *
 * openapi-fetch is imported on the first call rather than with the page (unless the page provides it):
 * in the interactive pages' first load it is over their budget (scripts/check-budget.mjs), and none of
 * them calls the API before it has hydrated.
 */
export function createApi(apiBase: string, fetchImpl: (request: Request) => Promise<Response>): Api {
  // Request needs an absolute URL outside a page; in the browser a relative one resolves against it.
  const root = apiRoot(apiBase)
  const baseUrl = typeof location !== 'undefined' && location.href ? new URL(root || '/', location.href).href : root
  // Middleware added before the client exists is installed when it is made.
  const middleware: Middleware[] = []
  let client: Promise<Client<paths>> | undefined
  const load = () =>
    (client ??= (provided ? Promise.resolve({ default: provided }) : import('openapi-fetch')).then(({ default: createClient }) => {
      const created = createClient<paths>({ baseUrl, fetch: fetchImpl, credentials: 'include' })
      created.use(...middleware.splice(0))
      return created
    }))
  // The methods are generic over the path; forwarding their arguments unchanged keeps their types.
  type Call = (...args: unknown[]) => Promise<unknown>
  const forward = (method: 'GET' | 'POST' | 'PUT') => (...args: unknown[]) => load().then((c) => (c[method] as Call).apply(c, args))
  return {
    GET: forward('GET') as Api['GET'],
    POST: forward('POST') as Api['POST'],
    PUT: forward('PUT') as Api['PUT'],
    use(...added) {
      if (client) void client.then((c) => c.use(...added))
      else middleware.push(...added)
    },
  }
}

// Signing in, refreshing, resetting a password: no token is sent, and a 401 is the answer itself.
const SIGN_IN = /^\/api\/auth\/(?!me$|logout$)/
const LOGOUT = '/api/auth/logout'

/** What a public call passes so that it carries neither cookies nor the access token. */
export const PUBLIC = { credentials: 'omit' } as const

/**
 * The access token as x-auth-token on every call (but PUBLIC ones); on a 401, one refresh (shared by
 * every caller) and one retry. With no token yet, a refresh in flight (the one at start-up) is awaited first, and a 401
 * for a token that has since been replaced is just retried: each needless refresh rotates the cookie,
 * and a page left mid-rotation signs the user out.
 */
export function authMiddleware(session: TokenSession): Middleware {
  const pending = new Map<string, { sent: string | null; retry: Request }>()
  const withToken = (request: Request, token: string | null) => {
    if (token) request.headers.set('x-auth-token', token)
    return request
  }
  return {
    async onRequest({ request, schemaPath, id }) {
      // A public call made without credentials (a cancel link, a record's check) carries no token either.
      if (SIGN_IN.test(schemaPath) || request.credentials === 'omit') return undefined
      if (schemaPath === LOGOUT) return withToken(request, session.token())
      if (!session.token()) await session.settled()
      const sent = session.token()
      // The body can be read once: a copy is kept for the retry.
      pending.set(id, { sent, retry: request.clone() })
      return withToken(request, sent)
    },
    async onResponse({ response, id, options }) {
      const call = pending.get(id)
      pending.delete(id)
      if (!call || response.status !== 401) return response
      const resend = () => options.fetch(withToken(call.retry, session.token()))
      const now = session.token()
      if (now && now !== call.sent) return resend()
      return (await session.refresh()) ? resend() : response
    },
    onError({ id }) {
      pending.delete(id)
    },
  }
}

/** The `error` sentence of an RSVP, organizer or impact answer (the service's error envelope). */
export function errorText(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null | undefined)?.error
  return typeof error === 'string' && error ? error : undefined
}

/** The `msg` sentence of the verify and resend answers (the seed client's shape). */
export function msgText(body: unknown): string | undefined {
  const msg = (body as { msg?: unknown } | null | undefined)?.msg
  return typeof msg === 'string' && msg ? msg : undefined
}

/** The `errors[0].msg` sentence of the sign-in answers (the seed client's shape). */
export function firstErrorText(body: unknown): string | undefined {
  const errors = (body as { errors?: { msg?: unknown }[] } | null | undefined)?.errors
  const msg = Array.isArray(errors) ? errors[0]?.msg : undefined
  return typeof msg === 'string' && msg ? msg : undefined
}

/** The file name of a Content-Disposition header, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null
  return match?.[1]?.trim() || fallback
}

type Method = 'get' | 'post' | 'put'
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never
type Responses<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R } ? R : never

/** The JSON body `M path` answers with on success (2xx), as the service's document declares it. */
export type Ok<P extends keyof paths, M extends Method> = {
  [S in keyof Responses<P, M>]: S extends 200 | 201 | 202 ? JsonOf<Responses<P, M>[S]> : never
}[keyof Responses<P, M>]

/** The JSON body `M path` accepts. */
export type Body<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } }
}
  ? B
  : never

export const NETWORK_MSG = 'We could not reach CivicSTL. Check your connection and try again.'

/** A call whose outcome is a sentence to show either way (cancelled, deleted, or why not). */
export type Said = { ok: boolean; message: string }

/**
 * Every call's outcome: the data, or the sentence to show with the HTTP status (0: no answer to read);
 * `Why` is what a refusal also says (such as a full slot's flag).
 */
export type ApiResult<T, Why extends object = object> =
  | { ok: true; status: number; data: T }
  | ({ ok: false; status: number; message: string } & Why)

/** How a call's answer reads where it differs from the service's usual one. */
export type Reading<T> = {
  /** The sentence in a refusal's body (default: its `error`). */
  sentence?: (body: unknown) => string | undefined
  /** The sentence when the service could not be reached (default: NETWORK_MSG). */
  network?: string
  /** What a success with no readable body stands for (default: nothing, so it is `failed(0)`). */
  blank?: T
}

/**
 * Make one call and read it into an ApiResult: the service's sentence, else `failed` (a sentence, or
 * one per status); a call that never reached the service says so.
 */
export async function attempt<T>(
  send: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  failed: string | ((status: number) => string),
  { sentence = errorText, network = NETWORK_MSG, blank }: Reading<T> = {},
): Promise<ApiResult<T>> {
  const fallback = (status: number) => (typeof failed === 'string' ? failed : failed(status))
  let answer
  try {
    answer = await send()
  } catch (error) {
    // openapi-fetch throws a SyntaxError for a success whose body is not JSON: an answer, but unreadable.
    if (!(error instanceof SyntaxError)) return { ok: false, status: 0, message: network }
  }
  const status = answer?.response.status ?? 0
  if (answer && !answer.response.ok) return { ok: false, status, message: sentence(answer.error) || fallback(status) }
  const data = answer?.data ?? blank
  return data === undefined ? { ok: false, status, message: fallback(0) } : { ok: true, status, data }
}
