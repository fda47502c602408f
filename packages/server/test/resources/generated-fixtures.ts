import { formTabs, messages, type ResourceDef, TIMEZONE_UNKNOWN } from '@switchboard/model';
import type { z } from 'zod';
import type { Fixture, InvalidCase } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

/** What a generated body can say about one input field. */
type FieldKind =
  | { type: 'text'; key: string; required: boolean; minLength: number }
  | { type: 'number'; key: string; required: boolean; min: number; max: number; bounded: boolean }
  | { type: 'boolean'; key: string; required: boolean }
  | { type: 'enum'; key: string; required: boolean; options: string[] }
  | { type: 'timezone'; key: string; required: boolean };

/** Zones a time-zone field is given, varied so that sorting has values to order. */
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];

type Def = { type: string; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => schema.def as unknown as Def;

/** The field's kind, looking through defaults and optionals; null for shapes no generator knows. */
function kindOf(key: string, schema: z.ZodType): FieldKind | null {
  let s = schema;
  let required = true;
  while (['default', 'optional', 'nullable', 'prefault'].includes(defOf(s).type)) {
    required = false;
    s = defOf(s).innerType as z.ZodType;
  }
  const type = defOf(s).type;
  if (type === 'string') return { type: 'text', key, required, minLength: (s as z.ZodString).minLength ?? 0 };
  if (type === 'boolean') return { type: 'boolean', key, required };
  if (type === 'enum') return { type: 'enum', key, required, options: (s as z.ZodEnum).options as string[] };
  if (type === 'number') {
    const n = s as z.ZodNumber;
    const bounded = Number.isFinite(n.minValue);
    const min = bounded ? (n.minValue as number) : 0;
    const max = Number.isFinite(n.maxValue) ? (n.maxValue as number) : min + 1000;
    return { type: 'number', key, required, min, max, bounded };
  }
  return null;
}

let seq = 0;

/** A value for one field; text of the searched field starts with `prefix`. */
function sampleOf(kind: FieldKind, prefix: string, search: string, text: string): unknown {
  seq++;
  switch (kind.type) {
    case 'text':
      if (kind.key === search) return unique(prefix);
      return kind.required ? unique(kind.key.toLowerCase()) : text;
    case 'number':
      return kind.min + (scramble(seq) % (kind.max - kind.min + 1));
    case 'boolean':
      return seq % 2 === 0;
    case 'enum':
      return kind.options[scramble(seq) % kind.options.length];
    case 'timezone':
      return { name: ZONES[scramble(seq) % ZONES.length] };
  }
}

/**
 * The fixture of a simple resource, generated from its zod schemas: bodies with a value for every
 * input field (the searched one starting with the prefix, numbers within their bounds, options
 * varied so that sorting has values to order), and one invalid case per rule the schema states
 * (required text empty and missing, a number of the wrong type or out of bounds, an unknown
 * option, a flag that is not one). Answers null for a schema it cannot fill (a nested object, a
 * reference, a refined text): such a resource needs a hand-written fixture.
 */
export function generatedFixture(def: ResourceDef): Fixture | null {
  const schema = (def.createInput ?? def.input) as z.ZodObject;
  const kinds: FieldKind[] = [];
  // A time zone is an object the schema refines: its form kind says what it is.
  const formFields = def.form ? formTabs(def.form).flatMap((tab) => tab.fields) : [];
  const zoned = (key: string) => formFields.some((f) => f.field === key && f.kind === 'timezone');
  for (const [key, field] of Object.entries(schema.shape)) {
    const kind = zoned(key) ? ({ type: 'timezone', key, required: true } as const) : kindOf(key, field as z.ZodType);
    if (!kind) return null;
    kinds.push(kind);
  }
  const search = def.search[0];
  if (!kinds.some((k) => k.key === search && k.type === 'text')) return null;
  const body = (prefix: string, text: string): Body =>
    Object.fromEntries(kinds.map((k) => [k.key, sampleOf(k, prefix, search, text)]));
  // The schema must take what the generator makes (a refined text may refuse it), or the
  // resource is not simple after all.
  if (!schema.safeParse(body('probe', 'probe')).success) return null;

  const invalid: InvalidCase[] = [];
  for (const k of kinds) {
    const broken = (value: unknown) => ({ ...body('bad', 'bad'), [k.key]: value });
    if (k.type === 'text' && k.required && k.minLength > 0) {
      invalid.push({ rule: `${k.key} required`, body: broken(''), field: k.key, message: messages.required });
      const { [k.key]: _left, ...missing } = body('bad', 'bad');
      invalid.push({ rule: `${k.key} missing`, body: missing, field: k.key, message: messages.required });
    }
    if (k.type === 'number') {
      invalid.push({ rule: `${k.key} numeric`, body: broken('x'), field: k.key });
      if (k.bounded) {
        const message = `${messages.min} ${k.min}`;
        invalid.push({ rule: `${k.key} at least ${k.min}`, body: broken(k.min - 1), field: k.key, message });
      }
    }
    if (k.type === 'enum') {
      invalid.push({
        rule: `${k.key} one of the options`,
        body: broken('no-such-option'),
        field: k.key,
        message: `${messages.oneOf} ${k.options.join(', ')}`,
      });
    }
    if (k.type === 'boolean') invalid.push({ rule: `${k.key} is a flag`, body: broken('yes'), field: k.key });
    if (k.type === 'timezone') {
      invalid.push({ rule: `${k.key} required`, body: broken(null), field: k.key, message: messages.required });
      const zone = { name: 'Mars/Olympus_Mons' };
      invalid.push({ rule: `${k.key} a known zone`, body: broken(zone), field: k.key, message: TIMEZONE_UNKNOWN });
    }
  }
  const changeable = kinds.find((k) => k.key !== search && k.type === 'text') ?? kinds.find((k) => k.key !== search);
  const patch: Body = changeable ? { [changeable.key]: sampleOf(changeable, 'patched', search, 'patched') } : {};
  return {
    create: (prefix) => body(prefix, 'made by a test'),
    searchValue: (b) => b[search] as string,
    update: (prefix) => body(prefix, 'replaced'),
    patch,
    untouched: search,
    invalid,
  };
}
