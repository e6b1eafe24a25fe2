/** The API base URL: VITE_API_BASE at build time, else same-origin "/api". */
export const API_BASE: string = ((import.meta.env.VITE_API_BASE as string | undefined) || '/api').replace(/\/+$/, '')
