import {
  type FormField,
  formTabs,
  type ResourceDef,
  type VariantDef,
  variantOf,
  variantProblems,
  withDefaultsOf,
} from '@switchboard/model';
import { blank, schemaDefault } from '../fields/rows';
import type { FieldError, FormValues } from './form';

/** Every form field of a definition across its tabs, with those of every variant. */
export function formFields(def: ResourceDef): FormField[] {
  const forms = [def.form, ...(def.variants?.cases ?? []).map((c) => c.form)];
  return forms.flatMap((form) => (form ? formTabs(form).flatMap((tab) => [...tab.fields]) : []));
}

const kindOf = (def: ResourceDef, key: string) => formFields(def).find((f) => f.field === key)?.kind;

/**
 * Values of a new record: each input field's schema default (limitMin 60, flags true), then the
 * variant's own defaults, else the blank of its kind (so a required field stays empty until the
 * user fills it).
 */
export function formDefaults(def: ResourceDef, variant?: VariantDef): FormValues {
  const out: FormValues = {};
  for (const [key, schema] of Object.entries(def.input.shape)) {
    const found = schemaDefault(schema);
    out[key] = found !== undefined ? found : blank(kindOf(def, key));
  }
  if (variant && def.variants) out[def.variants.field] = variant.value;
  return withDefaultsOf(variant, {}, out);
}

/** Form values from an item read from the API: the input fields it carries, defaults for the rest. */
export function formFromItem(def: ResourceDef, item: Record<string, unknown>): FormValues {
  const out = def.variants ? formDefaults(def, variantOf(def.variants, item)) : formDefaults(def);
  for (const key of Object.keys(out)) if (key in item && item[key] !== undefined) out[key] = item[key];
  return out;
}

/**
 * The body the schema checks: an empty number input is no value at all, and an empty secret is
 * not sent (the stored one stays).
 */
export function formToInput(def: ResourceDef, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const f of formFields(def)) {
    if ((f.kind === 'number' || f.kind === 'password') && out[f.field] === '') delete out[f.field];
  }
  return out;
}

/** What the record's variant requires of it, as the server will check it on the stored record. */
export function formVariantProblems(
  def: ResourceDef,
  values: FormValues,
  item: Record<string, unknown> | null,
): FieldError[] {
  return def.variants ? variantProblems(def.variants, formToInput(def, values), item) : [];
}
