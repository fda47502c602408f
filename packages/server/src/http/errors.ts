import { STATUS_CODES } from 'node:http';
import type { ApiError } from '@switchboard/model';
import { fieldErrors } from '@switchboard/model';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

type FieldError = { field: string; message: string };

/** An error that answers as `{id, code, status, detail, fields?}`; throw it from any handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: string,
    detail: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export function apiError(code: number, id: string, detail: string, fields?: FieldError[]): ApiError {
  const body: ApiError = { id, code, status: STATUS_CODES[code] ?? 'Error', detail };
  if (fields) body.fields = fields;
  return body;
}

export const unauthorized = () =>
  new HttpError(
    401,
    'app.auth.unauthorized',
    'Sign in first: the access token is missing, invalid, expired or revoked.',
  );

export const forbidden = (detail = 'You do not have the right to do this.') =>
  new HttpError(403, 'app.auth.forbidden', detail);

export const notFound = (id = 'app.not_found', detail = 'Not found.') => new HttpError(404, id, detail);

/** The resource part of an error id: `/api/call_center/queues/:id` → `call_center_queues`. */
export function resourceKey(url: string | undefined): string {
  const parts = (url ?? '')
    .split('?')[0]
    .split('/')
    .filter((p) => p && p !== 'api' && !p.startsWith(':') && p !== '*');
  const key = parts
    .join('_')
    .replace(/[^a-zA-Z0-9_]/g, '')
    .toLowerCase();
  return key || 'request';
}

function validationError(request: FastifyRequest, fields: FieldError[], where?: string): HttpError {
  const named = fields.map((f) => ({ field: f.field || where || 'body', message: f.message }));
  const detail = named.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new HttpError(400, `app.${resourceKey(request.routeOptions.url)}.validation`, detail, named);
}

/** PostgreSQL errors caused by the data sent rather than by the server. */
function databaseError(request: FastifyRequest, error: unknown): HttpError | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const key = resourceKey(request.routeOptions.url);
  if (code === '23505')
    return new HttpError(409, `app.${key}.conflict`, 'A record with the same unique value already exists.');
  if (code === '23503')
    return new HttpError(400, `app.${key}.reference`, 'A referenced record does not exist or is still in use.');
  // A text too long for its search index (btree rows stop near 2.7 kB) is the sender's fault too.
  if (code === '54000') return new HttpError(400, `app.${key}.too_long`, 'A value sent is too long.');
  if (code.startsWith('22'))
    return new HttpError(400, `app.${key}.invalid_value`, 'A value sent is out of range or malformed.');
  return null;
}

/** Turns whatever was thrown into the API error shape; 500 only for the server's own faults. */
export function toHttpError(error: unknown, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const seen = new Set<string>();
    const fields: FieldError[] = [];
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      if (seen.has(field)) continue;
      seen.add(field);
      fields.push({ field, message: v.message ?? 'Invalid value' });
    }
    return validationError(request, fields, error.validationContext);
  }
  if (error instanceof ZodError) return validationError(request, fieldErrors(error));
  const db = databaseError(request, error);
  if (db) return db;
  // The multipart reader's own complaints (no boundary, a body cut off) are the sender's fault.
  if (
    error instanceof Error &&
    /^(Multipart|Unexpected end of (form|multipart)|Malformed part header|Part terminated early)/.test(error.message)
  ) {
    return new HttpError(
      400,
      `app.${resourceKey(request.routeOptions.url)}.multipart`,
      `Malformed upload: ${error.message}.`,
    );
  }
  const fe = error as Partial<FastifyError>;
  if (!isResponseSerializationError(fe as Error) && fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const slug = (fe.code ?? 'bad_request').replace(/^FST_ERR_(CTP_)?/, '').toLowerCase();
    return new HttpError(fe.statusCode, `app.request.${slug}`, fe.message ?? 'Bad request.');
  }
  return new HttpError(500, 'app.internal', 'The server failed to handle this request.');
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const http = toHttpError(error, request);
  if (http.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (http.headers) reply.headers(http.headers);
  return reply.status(http.statusCode).send(apiError(http.statusCode, http.id, http.message, http.fields));
}
