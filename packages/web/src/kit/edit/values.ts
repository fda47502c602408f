import { type FormField, formTabs, type ResourceDef } from '@switchboard/model';
import type { FormValues } from './form';

/** The value a field holds when the schema gives it no default. */
function blank(kind: FormField['kind']): unknown {
  switch (kind) {
    case 'switch':
      return false;
    case 'select':
    case 'ref':
    case 'timezone':
    case 'date':
      return null;
    default:
      // A number input shows '' while empty; the schema then names the field.
      return '';
  }
}

/** Every form field of a definition, across its tabs. */
export function formFields(def: ResourceDef): FormField[] {
  return def.form ? formTabs(def.form).flatMap((tab) => [...tab.fields]) : [];
}

const kindOf = (def: ResourceDef, key: string) => formFields(def).find((f) => f.field === key)?.kind;

/**
 * Values of a new record: each input field's schema default (limitMin 60, flags true), else the
 * blank of its kind (so a required field stays empty until the user fills it).
 */
export function formDefaults(def: ResourceDef): FormValues {
  const out: FormValues = {};
  for (const [key, schema] of Object.entries(def.input.shape)) {
    const parsed = (schema as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(undefined);
    out[key] = parsed.success && parsed.data !== undefined ? parsed.data : blank(kindOf(def, key));
  }
  return out;
}

/** Form values from an item read from the API: the input fields it carries, defaults for the rest. */
export function formFromItem(def: ResourceDef, item: Record<string, unknown>): FormValues {
  const out = formDefaults(def);
  for (const key of Object.keys(out)) if (key in item && item[key] !== undefined) out[key] = item[key];
  return out;
}

/** The body the schema checks: an empty number input is no value at all. */
export function formToInput(def: ResourceDef, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const f of formFields(def)) if (f.kind === 'number' && out[f.field] === '') delete out[f.field];
  return out;
}
