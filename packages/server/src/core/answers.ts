import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Json = { [key: string]: unknown };

/**
 * Answers serialised by fast-json-stringify from the route's zod response schema: only the fields
 * the schema names are written, so nothing else a row carries can leak. No field is required (a
 * list's `fields` projection answers part of each record; an absent field is left out), and a null
 * stays null whatever type the schema gives (fast-json-stringify would write "" or 0 for it): the
 * answer never says more than the record holds.
 */
export const answerCompiler = ({ schema }: { schema: unknown }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  return fastJson(answerSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
};

/** The JSON schema fast-json-stringify writes an answer by. */
export function answerSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Json;
  delete json.$schema;
  return unrequired(json) as Json;
}

function unrequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unrequired);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(value)) continue;
    out[key] = unrequired(value);
  }
  if (typeof out.type === 'string' && out.type !== 'null') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  return out;
}
