import { BULK_CREATE_MAX, fieldErrors, messages } from '@switchboard/model';
import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { Row } from '../db/sql.js';
import { InputError, validationError } from './errors.js';
import { pathParam } from './params.js';

const MAX_INT = 2_147_483_647;

/**
 * Checks a route's params, query and body with the route's own zod schemas (the ones the OpenAPI
 * document is made from) and refuses them in the API error format: 400 `app.<resource>.validation`
 * naming each field with its spec message. Params and query stay as sent (the schemas check them;
 * the route reads them); the body becomes what the schema made of it, with these rules:
 * - PATCH with a partial record (every field optional): only the fields sent (zod 4 fills
 *   defaults even inside `.partial()`);
 * - a union of a record and an array of records takes the branch of what was sent; a bulk create
 *   (bulkOf) names its bad fields `<line>.<field>`, lines from 1;
 * - the body as sent stays at hand for code that must know what the client left out (sentBody).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, httpPart }) => {
  const body = httpPart === 'body';
  const patch = body && method === 'PATCH' && isPartial(schema);
  return (data: unknown) => {
    // Fastify hands a missing body over as null.
    const sent = body && data === null ? undefined : data;
    const chosen = branchOf(schema, sent);
    const result = chosen.safeParse(sent);
    if (!result.success) {
      const fields = fieldErrors(result.error);
      return { error: new InputError(bulkSchemas.has(chosen) ? fields.map(fromLine1) : fields) };
    }
    if (!body) return { value: data };
    let value: unknown = result.data;
    if (patch && isRow(value) && isRow(sent)) value = onlySent(value, sent);
    if (isRow(value) || Array.isArray(value)) sentBodies.set(value, sent);
    return { value };
  };
};

const sentBodies = new WeakMap<object, unknown>();
const bulkSchemas = new WeakSet<z.ZodType>();

/** The request body as the client sent it, before the route's schema filled its defaults. */
export function sentBody(body: unknown): unknown {
  return body !== null && typeof body === 'object' && sentBodies.has(body) ? sentBodies.get(body) : body;
}

const isPartial = (schema: z.ZodType) =>
  schema instanceof z.ZodObject && Object.values(schema.shape).every((field) => field instanceof z.ZodOptional);

const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

function onlySent(parsed: Row, sent: Row): Row {
  const out: Row = {};
  for (const key of Object.keys(parsed)) if (key in sent) out[key] = parsed[key];
  return out;
}

/** Of a union of a record and a list, the branch of the shape sent (its errors name the fields). */
function branchOf(schema: z.ZodType, data: unknown): z.ZodType {
  if (!(schema instanceof z.ZodUnion)) return schema;
  const options = schema.options as z.ZodType[];
  const array = Array.isArray(data);
  const match = options.filter((o) => o instanceof z.ZodArray === array);
  return match.length === 1 ? match[0] : schema;
}

/** `0.name` → `1.name`: lines of a list body count from 1. */
function fromLine1(f: { field: string; message: string }) {
  const m = /^(\d+)(.*)$/.exec(f.field);
  return m ? { ...f, field: `${Number(m[1]) + 1}${m[2]}` } : f;
}

/** A record id in the path, as the guard and paramId read it: a positive 32-bit integer. */
export const idParam = (field = 'id') => {
  const message = `${field} must be a whole number`;
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .refine((text) => Number(text) >= 1 && Number(text) <= MAX_INT, message);
};

/** A list of records, as a bulk create takes it: 1 to BULK_CREATE_MAX. */
export function bulkOf(schema: z.ZodType) {
  const bulk = z
    .array(schema)
    .min(1, messages.requiredArray)
    .max(BULK_CREATE_MAX, `${messages.max} ${BULK_CREATE_MAX}`);
  bulkSchemas.add(bulk);
  return bulk;
}

export { validationError };

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

export const idParamDoc = z.object({ id: idParam().describe('Record id') });

export const listAnswerDoc = (item: z.ZodObject) => z.object({ items: z.array(item.partial()), next: z.boolean() });

/** A route's schema: its OpenAPI tag and summary, and its zod schemas (their types reach the handler). */
export function doc<S extends Omit<FastifySchema, 'tags' | 'summary'> = Record<never, never>>(
  tag: string,
  summary: string,
  schema?: S,
): S & { tags: string[]; summary: string } {
  // A top-level route has no params schema: leave the key out rather than set it undefined.
  const defined = Object.fromEntries(Object.entries(schema ?? {}).filter(([, v]) => v !== undefined));
  return { tags: [tag], summary, ...defined } as S & { tags: string[]; summary: string };
}
