import { BULK_CREATE_MAX, type ErrorParams, fieldErrors, messages } from '@switchboard/model';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Row } from '../db/sql.js';
import { HttpError } from './errors.js';
import { pathParam } from './params.js';

const MAX_INT = 2_147_483_647;

/**
 * Engine routes validate with their own zod calls (so errors name the resource and the field the
 * spec way) and serialise with JSON.stringify; the zod schemas on the route feed only OpenAPI.
 */
export const routeCompilers = {
  validatorCompiler: () => (data: unknown) => ({ value: data }),
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;

export function validationError(
  name: string,
  fields: { field: string; message: string; key?: string; params?: ErrorParams }[],
): HttpError {
  // Only the answer's own properties: a keyed message keeps its key and parameters.
  const named = fields.map(({ field, message, key, params }) => ({
    field: field || 'body',
    message,
    ...(key ? { key, params: params ?? {} } : {}),
  }));
  const detail = named.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new HttpError(400, `app.${name}.validation`, detail, named);
}

/** Parses a body with a zod schema; 400 naming each bad field with its spec message. */
export function parseBody<T extends z.ZodType>(name: string, schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(name, fieldErrors(result.error));
  return result.data;
}

/**
 * The bodies of a bulk create, each checked like a single one; 400 naming `<line>.<field>`
 * (lines from 1) for every bad body at once, so nothing is created while any line is wrong.
 */
export function parseBulk(name: string, schema: z.ZodObject, bodies: unknown[]): Row[] {
  if (!bodies.length) throw validationError(name, [{ field: 'body', message: messages.requiredArray }]);
  if (bodies.length > BULK_CREATE_MAX) {
    throw validationError(name, [{ field: 'body', message: `${messages.max} ${BULK_CREATE_MAX}` }]);
  }
  const out: Row[] = [];
  const errors: { field: string; message: string }[] = [];
  bodies.forEach((body, index) => {
    const result = schema.safeParse(body);
    if (result.success) out.push(result.data as Row);
    else
      for (const e of fieldErrors(result.error)) errors.push({ field: `${index + 1}.${e.field}`, message: e.message });
  });
  if (errors.length) throw validationError(name, errors);
  return out;
}

/**
 * PATCH: only the fields sent. Zod 4 fills defaults even inside `.partial()`, so keys the client
 * did not send are dropped again after parsing.
 */
export function parsePatch(name: string, schema: z.ZodObject, body: unknown): Row {
  const parsed = parseBody(name, schema, body) as Row;
  const sent = body && typeof body === 'object' ? (body as Row) : {};
  const out: Row = {};
  for (const key of Object.keys(parsed)) if (key in sent) out[key] = parsed[key];
  return out;
}

/** A record id from the path: a positive 32-bit integer. */
export function parseId(name: string, raw: unknown, field = 'id'): number {
  const text = String(raw);
  const n = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (n < 1 || n > MAX_INT) throw validationError(name, [{ field, message: `${field} must be a whole number` }]);
  return n;
}

/** The record id in the path parameter `field` (default `id`), checked as parseId does. */
export function paramId(request: FastifyRequest, name: string, field = 'id'): number {
  return parseId(name, pathParam(request, field), field);
}

/** OpenAPI of the standard list query. */
export const listQueryDoc = z.object({
  page: z.string().optional().describe('Page number, from 1'),
  size: z.string().optional().describe('Rows per page (default 10, at most 1000)'),
  q: z.string().optional().describe('Search; a trailing * matches a prefix'),
  sort: z.string().optional().describe('+field or -field'),
  fields: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Projection (repeat or comma-separate)'),
  id: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Only these ids (repeatable)'),
});

export const idParamDoc = z.object({ id: z.string().describe('Record id') });

export const listAnswerDoc = (item: z.ZodObject) => z.object({ items: z.array(item.partial()), next: z.boolean() });

export function doc(tag: string, summary: string, schema: Omit<FastifySchema, 'tags' | 'summary'> = {}): FastifySchema {
  // A top-level route has no params schema: leave the key out rather than set it undefined.
  const defined = Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
  return { tags: [tag], summary, ...defined };
}
