import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Json = { [key: string]: unknown };

/**
 * Answers serialised by fast-json-stringify from the route's zod response schema: only the fields
 * the schema names are written, so nothing else a row carries can leak. The schema it writes by is
 * the answer's shape only (`shapeOf`): which objects carry which fields, and arrays of what. A value
 * is written as JSON.stringify writes it (fast-json-stringify would coerce a null or a numeric
 * string to the declared type, or refuse it); no field is required (a list's `fields` projection
 * answers part of each record; an absent field is left out); any object or array may be null.
 */
export const answerCompiler = ({ schema }: { schema: unknown }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  return fastJson(answerSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
};

/** The JSON schema fast-json-stringify writes an answer by. */
export function answerSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Json;
  return shapeOf(json);
}

/**
 * The shape of a JSON schema: objects keep their named properties (and a record its values' shape),
 * arrays their items' shape, a nullable one (anyOf with null) the shape of its other branch; every
 * other node (a scalar, a union of several, a reference) becomes "any value".
 */
export function shapeOf(node: unknown): Json {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return {};
  const n = node as Json;
  const branches = (n.anyOf ?? n.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const solid = branches.filter((b) => !(b && typeof b === 'object' && (b as Json).type === 'null'));
    return solid.length === 1 ? shapeOf(solid[0]) : {};
  }
  if (n.type === 'object') {
    const out: Json = { type: ['object', 'null'] };
    const properties = n.properties as Json | undefined;
    if (properties) out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, shapeOf(v)]));
    const extra = n.additionalProperties;
    if (extra && typeof extra === 'object') out.additionalProperties = shapeOf(extra);
    else if (extra === true || (extra === undefined && !properties)) out.additionalProperties = {};
    return out;
  }
  if (n.type === 'array') return { type: ['array', 'null'], items: n.items ? shapeOf(n.items) : {} };
  return {};
}
