import { type ResourceDef, variantOf, variantProblems, withDefaultsOf } from '@switchboard/model';
import { validationError } from '../../core/route.js';

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
 * A created record takes its variant's defaults for the fields the request left out, and for the
 * keys it left out of a nested settings object (the input schema has already filled its common
 * defaults, which a variant may differ from).
 */
export function withVariantDefaults(def: ResourceDef, sent: unknown, body: Row): Row {
  return def.variants ? withDefaultsOf(variantOf(def.variants, body), sent, body) : body;
}
