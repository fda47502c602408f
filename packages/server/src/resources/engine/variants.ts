import { type ResourceDef, variantOf, variantProblems } from '@switchboard/model';
import { validationError } from './http.js';

type Row = Record<string, unknown>;

/**
 * Refuses a record, as it will be stored, that lacks what its variant requires (400 naming each
 * field). `stored` is the record before the write (null on create); `prefix` names the line of a
 * bulk create (`3.`).
 */
export function checkVariant(def: ResourceDef, record: Row, stored: Row | null, prefix = ''): void {
  if (!def.variants) return;
  const problems = variantProblems(def.variants, record, stored);
  if (problems.length) {
    throw validationError(
      def.name,
      problems.map((p) => ({ field: `${prefix}${p.field}`, message: p.message })),
    );
  }
}

/**
 * A created record takes its variant's defaults for the fields the request left out (the input
 * schema has already filled its common defaults, which a variant may differ from).
 */
export function withVariantDefaults(def: ResourceDef, sent: unknown, body: Row): Row {
  const variant = def.variants ? variantOf(def.variants, body) : undefined;
  if (!variant?.defaults) return body;
  const given = sent !== null && typeof sent === 'object' ? (sent as Row) : {};
  for (const [key, value] of Object.entries(variant.defaults)) if (!(key in given)) body[key] = value;
  return body;
}
