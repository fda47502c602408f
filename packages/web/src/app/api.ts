import type { ApiError } from '@switchboard/model';
import { TOKEN_STORAGE_KEY } from '@switchboard/model';

/**
 * The one HTTP client of the console. Every call carries the bearer token; a 401 removes it and
 * sends the user to /auth; other failures reach `onError` (a notification with `detail`, else
 * `message`) unless the call is silenced.
 */
export type CallOptions = { silent?: boolean; query?: Record<string, unknown>; signal?: AbortSignal };

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiError> & { message?: string },
  ) {
    super(body.detail ?? body.message ?? `HTTP ${status}`);
  }
}

type Hooks = { onUnauthorized: () => void; onError: (failure: ApiFailure) => void };
let hooks: Hooks = { onUnauthorized: () => {}, onError: () => {} };
let apiBase = '/api';

export function configureApi(base: string, next: Hooks) {
  apiBase = base.replace(/\/$/, '');
  hooks = next;
}

/** The full URL of an API path, for what cannot go through `api` (EventSource, audio, downloads). */
export const apiUrl = (path: string) => `${apiBase}${path}`;

export const getToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string | null) =>
  token ? localStorage.setItem(TOKEN_STORAGE_KEY, token) : localStorage.removeItem(TOKEN_STORAGE_KEY);

export function queryString(query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}${queryString(options.query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    const failure = new ApiFailure(0, { message: (error as Error).message });
    // A call the screen cancelled (a tab or a query that went away) is no failure to report.
    if (!options.silent && !options.signal?.aborted) hooks.onError(failure);
    throw failure;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const failure = new ApiFailure(response.status, (data ?? {}) as ApiFailure['body']);
    if (response.status === 401) {
      setToken(null);
      hooks.onUnauthorized();
    } else if (!options.silent) hooks.onError(failure);
    throw failure;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body: unknown, options?: CallOptions) => call<T>('PUT', path, body, options),
  patch: <T>(path: string, body: unknown, options?: CallOptions) => call<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: CallOptions) => call<T>('DELETE', path, undefined, options),
  /** Any method with a body (a DELETE that must prove something, such as a current code). */
  call: <T>(method: string, path: string, body: unknown, options?: CallOptions) => call<T>(method, path, body, options),
};

/** A failure met outside `call` (an XHR upload) goes the same way: 401 signs out, others notify. */
export function reportFailure(failure: ApiFailure, silent = false) {
  if (failure.status === 401) {
    setToken(null);
    hooks.onUnauthorized();
  } else if (!silent) hooks.onError(failure);
}
