import fs from 'node:fs';
import { Readable } from 'node:stream';

/** How long a provider may take to answer a call (headers); a download's body may take longer. */
const ANSWER_TIMEOUT_MS = 15_000;

/** A provider refused or failed a call: its own code and words, and the HTTP status. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = `${provider}Error`;
  }
}

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer | URLSearchParams | ReadableStream<Uint8Array>;
  /** How long until the answer's headers, sending included (an upload's: `uploadTimeout`). */
  timeoutMs?: number;
};

/** An upload may take the usual wait plus a second per 256 KB sent (a slow link still finishes). */
export const uploadTimeout = (size: number) => ANSWER_TIMEOUT_MS + Math.ceil(size / 262_144) * 1000;

/**
 * One call to a provider; answers the response once its headers arrived with a 2xx status, and
 * turns anything else (no answer, an error status) into a ProviderError read by `explain`.
 */
export async function call(
  provider: string,
  url: string,
  request: Call,
  explain: (status: number, text: string) => { code: string; message: string },
): Promise<Response> {
  const abort = new AbortController();
  const timeoutMs = request.timeoutMs ?? ANSWER_TIMEOUT_MS;
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: abort.signal,
      ...(request.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = abort.signal.aborted
      ? `no answer within ${Math.round(timeoutMs / 1000)} s`
      : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new ProviderError(provider, 0, 'unreachable', `${new URL(url).host} cannot be reached: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  const { code, message } = explain(res.status, text);
  throw new ProviderError(provider, res.status, code, message);
}

/** The JSON of an error answer, or null when it is not JSON. */
export function jsonOf(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A short plain-text answer, for providers that answer some errors without JSON. */
export const plain = (text: string, status: number) => text.trim().slice(0, 300) || `HTTP ${status}`;

/** A response body as a Node stream (the media player reads it piece by piece). */
export function bodyOf(res: Response): Readable {
  if (!res.body) return Readable.from([]);
  return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
}

/** A local file (or a byte range of it) as a request body: parts before and after it are sent around its bytes. */
export function fileBody(
  file: string,
  before?: Buffer,
  after?: Buffer,
  range?: { start: number; end: number },
): ReadableStream<Uint8Array> {
  async function* parts() {
    if (before) yield before;
    for await (const chunk of fs.createReadStream(file, range ?? {})) yield chunk as Buffer;
    if (after) yield after;
  }
  return Readable.toWeb(Readable.from(parts())) as unknown as ReadableStream<Uint8Array>;
}

/** The Range header of a byte range (both ends included). */
export const rangeHeader = (range?: { start: number; end: number }): Record<string, string> =>
  range ? { range: `bytes=${range.start}-${range.end}` } : {};

/** Credentials kept for a while per secret, so that a media stream's many range requests sign in once. */
export class TokenCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  async get(key: string, fetchValue: () => Promise<{ value: T; ttlMs: number }>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const { value, ttlMs } = await fetchValue();
    if (this.entries.size > 200) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + ttlMs });
    return value;
  }
  drop(key: string) {
    this.entries.delete(key);
  }
}
