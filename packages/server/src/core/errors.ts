import { STATUS_CODES } from 'node:http';
import type { ApiError, ErrorKey, ErrorParams } from '@switchboard/model';
import { errorDetail, errorTexts, fieldErrors } from '@switchboard/model';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

type FieldError = { field: string; message: string; key?: string; params?: ErrorParams };

/**
 * The locale key of each fixed English error text. The model's validation texts need none: the
 * console knows them by their text (`validation.<key>`), as its own form checks say them.
 */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(errorTexts)
    .filter(([, v]) => !v.includes('{{'))
    .map(([k, v]): [string, string] => [v, `errors.${k}`]),
);

/** A field error carries the key of its text when the text is one of the known messages. */
function keyed(f: FieldError): FieldError {
  if (f.key) return f;
  const key = MESSAGE_KEYS.get(f.message);
  return key ? { ...f, key } : f;
}

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

  key?: string;
  params?: ErrorParams;

  /** Adds the message key the console translates (`errors.<key>` in its locales). */
  keyed(key: ErrorKey, params: ErrorParams = {}): this {
    this.key = `errors.${key}`;
    this.params = params;
    return this;
  }
}

/** An error whose detail is the English text of a keyed message. */
export const keyedError = (
  statusCode: number,
  id: string,
  key: ErrorKey,
  params: ErrorParams = {},
  fields?: FieldError[],
  headers?: Record<string, string>,
) => new HttpError(statusCode, id, errorDetail(key, params), fields, headers).keyed(key, params);

/** A field error with the message key the console translates, its English text as `message`. */
export const keyedField = (field: string, key: ErrorKey, params: ErrorParams = {}): FieldError => ({
  field,
  message: errorDetail(key, params),
  key: `errors.${key}`,
  params,
});

export function apiError(
  code: number,
  id: string,
  detail: string,
  fields?: FieldError[],
  key?: { key?: string; params?: ErrorParams },
): ApiError {
  const body: ApiError = { id, code, status: STATUS_CODES[code] ?? 'Error', detail };
  if (key?.key) {
    body.key = key.key;
    body.params = key.params ?? {};
  }
  if (fields) body.fields = fields.map(keyed);
  return body;
}

export const unauthorized = () => keyedError(401, 'app.auth.unauthorized', 'unauthorized');

/** 403 with a keyed message (the plain one by default); a detail string alone is not translated. */
export const forbidden = (detail?: string) =>
  detail === undefined
    ? keyedError(403, 'app.auth.forbidden', 'forbidden')
    : new HttpError(403, 'app.auth.forbidden', detail);

/** 404 naming the record by its resource (`No such user.`). */
export const notFound = (resource: string) => keyedError(404, `app.${resource}.not_found`, 'notFound', { resource });

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

/** 400 `app.<name>.validation` naming each bad field with its spec message (`body` for the whole). */
export function validationError(name: string, fields: FieldError[]): HttpError {
  // Only the answer's own properties: a keyed message keeps its key and parameters.
  const named = fields.map(({ field, message, key, params }) => ({
    field: field || 'body',
    message,
    ...(key ? { key, params: params ?? {} } : {}),
  }));
  const detail = named.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new HttpError(400, `app.${name}.validation`, detail, named);
}

/**
 * What the route's schema refused in the params, query or body (from the validator compiler);
 * the error handler names the route's resource (`config.resource`, else its path).
 */
export class InputError extends Error {
  constructor(readonly fields: FieldError[]) {
    super(fields.map((f) => `${f.field}: ${f.message}`).join('; '));
  }
}

/** The resource a route's validation errors name: `config.resource`, else its path. */
const resourceOf = (request: FastifyRequest) =>
  request.routeOptions.config.resource ?? resourceKey(request.routeOptions.url);

/** PostgreSQL errors caused by the data sent rather than by the server. */
function databaseError(request: FastifyRequest, error: unknown): HttpError | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const key = resourceKey(request.routeOptions.url);
  if (code === '23505') return keyedError(409, `app.${key}.conflict`, 'uniqueValue');
  if (code === '23503') return keyedError(400, `app.${key}.reference`, 'referenced');
  // A text too long for its search index (btree rows stop near 2.7 kB) is the sender's fault too.
  if (code === '54000') return keyedError(400, `app.${key}.too_long`, 'tooLong');
  if (code.startsWith('22')) return keyedError(400, `app.${key}.invalid_value`, 'badValue');
  return null;
}

/** Turns whatever was thrown into the API error shape; 500 only for the server's own faults. */
export function toHttpError(error: unknown, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof InputError) return validationError(resourceOf(request), error.fields);
  if (error instanceof ZodError) return validationError(resourceOf(request), fieldErrors(error));
  const db = databaseError(request, error);
  if (db) return db;
  // The multipart reader's own complaints (no boundary, a body cut off) are the sender's fault.
  if (
    error instanceof Error &&
    /^(Multipart|Unexpected end of (form|multipart)|Malformed part header|Part terminated early)/.test(error.message)
  ) {
    return keyedError(400, `app.${resourceKey(request.routeOptions.url)}.multipart`, 'badUpload', {
      reason: error.message,
    });
  }
  const fe = error as Partial<FastifyError>;
  if (!isResponseSerializationError(fe as Error) && fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const slug = (fe.code ?? 'bad_request').replace(/^FST_ERR_(CTP_)?/, '').toLowerCase();
    return keyedError(fe.statusCode, `app.request.${slug}`, 'badRequest', { reason: fe.message ?? '' });
  }
  return keyedError(500, 'app.internal', 'internal');
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const http = toHttpError(error, request);
  if (http.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (http.headers) reply.headers(http.headers);
  return reply.status(http.statusCode).send(apiError(http.statusCode, http.id, http.message, http.fields, http));
}
