import {
  errorDetail,
  formTabs,
  messages,
  pathValue,
  type ResourceDef,
  TIMEZONE_UNKNOWN,
  variantOf,
  variantProblems,
  withDefaultsOf,
} from '@switchboard/model';
import type { z } from 'zod';
import type { TestServer } from '../harness.js';
import type { Fixture, InvalidCase } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

/** What a generated body can say about one input field. */
type FieldKind =
  | { type: 'text'; key: string; required: boolean; schema: z.ZodType }
  | {
      type: 'number';
      key: string;
      required: boolean;
      min: number;
      max: number;
      bounded: boolean;
      capped: boolean;
      schema: z.ZodType;
    }
  | { type: 'boolean'; key: string; required: boolean }
  | {
      type: 'enum';
      key: string;
      required: boolean;
      options: (string | number | boolean)[];
      unique?: boolean;
      schema: z.ZodType;
    }
  | { type: 'timezone'; key: string; required: boolean; nullable: boolean }
  | { type: 'ref'; key: string; required: boolean; target: ResourceDef; many: boolean; filter: Body; fresh: boolean }
  | { type: 'given'; key: string; required: boolean; make: (turn: number) => unknown };

/** Zones a time-zone field is given, varied so that sorting has values to order. */
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];

type Def = { type: string; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => schema.def as unknown as Def;

/** The schema inside defaults and optionals, and whether a body may leave the field out. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; required: boolean } {
  let inner = schema;
  // A field the schema takes absent (a default inside a transform too) need not be sent.
  const required = !schema.safeParse(undefined).success;
  while (['default', 'optional', 'nullable', 'prefault'].includes(defOf(inner).type)) {
    inner = defOf(inner).innerType as z.ZodType;
  }
  return { inner, required };
}

/** The field's kind; null for shapes no generator knows (a nested object, a map, a list of texts). */
function kindOf(key: string, schema: z.ZodType): FieldKind | null {
  const { inner: s, required } = unwrap(schema);
  const type = defOf(s).type;
  if (type === 'string') return { type: 'text', key, required, schema: s };
  if (type === 'boolean') return { type: 'boolean', key, required };
  if (type === 'enum') return { type: 'enum', key, required, options: (s as z.ZodEnum).options as string[], schema: s };
  // A union of literals (a period of 1, 7, 14 or 30 days) is a list of options too.
  const options = (defOf(s) as { options?: z.ZodType[] }).options;
  if (type === 'union' && options?.every((o) => defOf(o).type === 'literal')) {
    const values = options.map((o) => (o as z.ZodLiteral).value as string | number);
    return { type: 'enum', key, required, options: values, schema: s };
  }
  if (type === 'number') {
    const n = s as z.ZodNumber;
    const bounded = Number.isFinite(n.minValue);
    const min = bounded ? (n.minValue as number) : 0;
    const max = Number.isFinite(n.maxValue) ? (n.maxValue as number) : min + 1000;
    return {
      type: 'number',
      key,
      required,
      min,
      max,
      bounded,
      capped: (n.maxValue ?? Infinity) < Number.MAX_SAFE_INTEGER,
      schema: s,
    };
  }
  return null;
}

/** A declared filter's values (texts) as the target's input takes them (`'true'` a flag). */
export function filterBody(target: ResourceDef, filter: Readonly<Record<string, string>> = {}): Body {
  const shape = (target.createInput ?? target.input).shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      const type = shape[key] ? defOf(unwrap(shape[key]).inner).type : 'string';
      if (type === 'boolean') return [key, value === 'true'];
      if (type === 'number') return [key, Number(value)];
      return [key, value];
    }),
  );
}

let seq = 0;

/** Orders texts as the lists sort names: lower case under the ICU root collation. */
const collator = new Intl.Collator('und');
const byText = <T extends string | number | boolean>(values: readonly T[]) =>
  [...values].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : collator.compare(String(a).toLowerCase(), String(b).toLowerCase()),
  );

/**
 * The value of a field's `turn`-th body out of `sorted` (in sort order): the lowest on even turns,
 * another on odd ones, so that any three bodies made one after another are never in sort order
 * either way (a sort that ignored the field would list them in the order they were made).
 */
function alternate<T>(turn: number, sorted: readonly T[]): T {
  if (turn % 2 === 0 || sorted.length < 2) return sorted[0];
  return sorted[1 + (Math.floor(turn / 2) % (sorted.length - 1))];
}

/**
 * Texts of the shapes refined fields take (a word, a phone number, a host, an address, an IP
 * address, a MAC address, a URL), each unique, low on even turns and high on odd ones (see
 * `alternate`): the first one the field's schema accepts is its value.
 */
function textCandidates(prefix: string, turn: number): string[] {
  const n = scramble(++seq);
  const odd = turn % 2;
  const word = `${prefix.toLowerCase()}${odd ? 'm' : 'a'}${unique('-')}`;
  const hex = (k: number) => (k % 256).toString(16).padStart(2, '0');
  return [
    word,
    `+3${odd ? 5 : 1}${String(n).padStart(5, '0')}${String(seq).padStart(6, '0')}`,
    `${word}.example.com`,
    `${word}@example.com`,
    `1${odd}.${n % 250}.${seq % 250}.${1 + (n % 250)}`,
    `0${odd ? 'a' : '2'}:00:${hex(n)}:${hex(n >> 8)}:${hex(seq)}:${hex(seq >> 8)}`,
    `https://${word}.example.com/hook`,
    // A path (a chat gateway's endpoint).
    `/${word}`,
    // An instant (years apart by turn), for date-time fields.
    new Date(Date.UTC(odd ? 2040 : 2030, 0, 1) + scramble(seq) * 60_000).toISOString(),
  ];
}

/** Texts a refined field may refuse; the first one its schema refuses is its invalid case. */
const BAD_TEXTS = ['bad value !', '300.1.2.3', '00:11:22:33:44', '^(12', 'not a host!'];

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * Records of another resource that bodies refer to, made on each test server in one domain
 * through the resource's fixture (names scrambled). `used`: the records a body took where each
 * record may be taken once (a unique reference).
 */
export type RefPool = { ids: number[]; names: Map<number, string>; used: Set<number> };

/**
 * A rule of a field the generator leaves out (a list of rows, a nested object, a map) or of two
 * fields together: a valid generated body with `change` applied (a function gets the valid body)
 * must be refused with 400 naming `field`.
 */
export type Rule = { rule: string; change: Body | ((valid: Body) => Body); field: string; message?: string };

/**
 * What a resource's definition cannot say, written by hand (each entry names its rule): the
 * smallest part of a fixture, the rest generated.
 */
export type HandRules = {
  /** Invalid cases of rules the generator cannot see (see Rule). */
  rules?: readonly Rule[];
  /** Values of fields the generator cannot make (a list of objects, a JSON document), by turn. */
  given?: Readonly<Record<string, (turn: number) => unknown>>;
  /** A rule across fields (the server's check, not the schema's) a valid body is made to hold. */
  holds?: (body: Body) => void;
  /** Makes what `given` values refer to. */
  prepare?: (s: TestServer, token: string) => Promise<void>;
  /** Global permissions the routes need besides class rights (a rule of the server's binding). */
  permissions?: string[];
  /** The partial change the suites send, where the generated one would break a rule. */
  patch?: Body;
  /** Records are limited (one per option of a field): the suites delete them before each test. */
  exclusive?: boolean;
  /**
   * References the server checks (in the caller's domain, readable) that the definition does not
   * declare (an agent's user: its picker is a lookup, not the users list), by field.
   */
  refs?: Readonly<Record<string, () => ResourceDef>>;
  /** The single reference whose record's name the search finds (an agent by its user's name). */
  searchRef?: string;
  /**
   * Fields a record keeps as created (a queue's type): every body takes their first value, so
   * that an update sends what the record holds; a variant's body its own.
   */
  fixed?: readonly string[];
};

/** How a generated fixture finds the fixture of a resource its bodies refer to. */
export type FixtureOf = (def: ResourceDef) => Fixture;

/** What the server knows of a resource besides its definition: the fields a unique index protects. */
export type Served = { unique: ReadonlySet<string> };

/** How many records of each referenced resource a suite makes: enough for sorting to order. */
const POOL = 3;
/**
 * How many records a unique reference (one record per parent, or per domain) keeps ready: more
 * than a suite's records under one parent; each prepare step makes up what was taken.
 */
const FRESH = 100;

/**
 * The fixture of a resource, generated from its zod schemas, declared references and parent:
 * bodies with a value for every input field the generator knows (the searched text starting with
 * the prefix, refined texts of the first shape the schema takes, numbers within their bounds,
 * options and referenced records varied so that sorting has values to order; a field a unique
 * index protects never takes a value twice), leaving out defaulted fields it does not know (maps,
 * nested objects: their rules have tests of their own), and one invalid case per rule the schema
 * states. Records referred to are made first through their own fixtures, in the caller's domain,
 * `filter` values set; a nested resource's parent through the parent's fixture. `hand` adds what
 * the definition cannot say. Answers null where a required field cannot be filled (a reference to
 * a nested resource, an object no hand rule gives): such a resource needs a hand-written fixture.
 */
export function generatedFixture(
  def: ResourceDef,
  fixtureOf: FixtureOf,
  served: Served,
  hand: HandRules = {},
): Fixture | null {
  // A read-only nested list needs its records, written by other means.
  if (def.parent && !def.ops.create) return null;
  const variants = def.variants;
  const parentDef = def.parent?.resource;
  const parentFx = parentDef ? fixtureOrNull(fixtureOf, parentDef) : null;
  if (parentDef && !parentFx?.create) return null;
  const schema = (def.createInput ?? def.input) as z.ZodObject;
  const kinds: FieldKind[] = [];
  // A time zone is an object the schema refines: its form's (or column's) kind says what it is.
  const formFields = def.form ? formTabs(def.form).flatMap((tab) => tab.fields) : [];
  const zoned = (key: string) =>
    formFields.some((f) => f.field === key && f.kind === 'timezone') ||
    def.columns.some((c) => c.field === key && c.kind === 'timezone');
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [key, field] of Object.entries(shape)) {
    const declared = def.refs?.[key] ?? (hand.refs?.[key] ? { to: hand.refs[key] } : undefined);
    const required = unwrap(field).required;
    const given = hand.given?.[key];
    let kind: FieldKind | null;
    if (given) kind = { type: 'given', key, required, make: given };
    else if (declared) {
      const target = declared.to();
      kind = target.parent
        ? null
        : {
            type: 'ref',
            key,
            required,
            target,
            many: 'many' in declared && !!declared.many,
            filter: filterBody(target, 'filter' in declared ? declared.filter : undefined),
            fresh: served.unique.has(key),
          };
    } else if (zoned(key)) kind = { type: 'timezone', key, required: true, nullable: accepts(field, null) };
    else kind = kindOf(key, field);
    // A discriminator coded by number (a queue's type) takes its variants' values only.
    if (variants && key === variants.field && kind?.type === 'number') {
      kind = { type: 'enum', key, required, options: variants.cases.map((c) => c.value), schema: unwrap(field).inner };
    }
    if (kind?.type === 'enum' && served.unique.has(key)) kind.unique = true;
    if (kind) kinds.push(kind);
    else if (required) return null;
  }
  const search = def.search[0] as string | undefined;
  // The searched field: a text (or option) of the body, or the name of a record it refers to (`skillName`).
  const searchText = kinds.find((k) => k.key === search && (k.type === 'text' || k.type === 'enum'));
  const searchRef = kinds.find(
    (k) => k.type === 'ref' && !k.many && (`${k.key}Name` === search || k.key === hand.searchRef),
  );
  // A resource that does not create finds a listed record by the field as listed.
  const listed = !def.ops.create && search ? (item: Body) => String(item[search] ?? '') : null;
  if (search && !searchText && !searchRef && !listed) return null;

  const picks = new Map<string, RefPool>();
  const poolOf = (k: { key: string; required: boolean }) => {
    const pool = picks.get(k.key);
    if (!pool && !k.required) return undefined;
    if (!pool) throw new Error(`${def.name}.${k.key}: the suite's prepare step has not made its records`);
    return pool;
  };

  /** How many values each field has been given: its turn (see `alternate`). */
  const turns = new Map<string, number>();
  const turnOf = (key: string) => {
    if (hand.fixed?.includes(key)) return 0;
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return turn;
  };
  const sampleOf = (kind: FieldKind, prefix: string, text: string): unknown => {
    const turn = turnOf(kind.key);
    switch (kind.type) {
      case 'text': {
        if (kind.key === search) {
          const name = unique(prefix);
          if (accepts(kind.schema, name)) return name;
        }
        // Every text is unique (a column may be), and the first text of the create body says what made it.
        const tries = [...textCandidates(`${text.split(' ')[0]}${kind.key}`, turn), text];
        return tries.find((t) => accepts(kind.schema, t));
      }
      case 'number': {
        const range = kind.max - kind.min;
        return turn % 2 === 0 || range < 1 ? kind.min : kind.min + 1 + (scramble(turn) % range);
      }
      case 'boolean':
        return turn % 2 === 1;
      case 'enum':
        return kind.unique ? distinct(turn, byText(kind.options)) : alternate(turn, byText(kind.options));
      case 'timezone':
        return { name: alternate(turn, byText(ZONES)) };
      case 'given':
        return kind.make(turn);
      case 'ref':
        return undefined;
    }
  };
  /** A reference's value; `spare`: for a body that is to be refused, which takes no record. */
  const refValue = (k: Extract<FieldKind, { type: 'ref' }>, spare: boolean) => {
    const pool = poolOf(k);
    if (!pool) return undefined;
    if (spare && k.fresh) return k.many ? [{ id: pool.ids[0] }] : { id: pool.ids[0] };
    const byName = (ids: number[]) =>
      [...ids].sort((a, b) => collator.compare(pool.names.get(a) ?? '', pool.names.get(b) ?? ''));
    const turn = turnOf(k.key);
    let one: number;
    if (k.fresh) {
      // A record no body took yet: the lowest name on even turns, the highest on odd ones.
      const free = byName(pool.ids.filter((id) => !pool.used.has(id)));
      if (!free.length) throw new Error(`${def.name}.${k.key}: every prepared ${k.target.name} is taken`);
      one = turn % 2 === 0 ? free[0] : free[free.length - 1];
      pool.used.add(one);
    } else one = alternate(turn, byName(pool.ids));
    return k.many ? [{ id: one }] : { id: one };
  };
  /**
   * A body; references are read when it is sent (after prepare made their records), once.
   * `spare`: a body an invalid case breaks, whose unique references take no record.
   */
  const body = (
    prefix: string,
    text: string,
    probing = false,
    spare = false,
    variant?: string | number | boolean,
  ): Body => {
    const out: Body = {};
    for (const k of kinds) {
      if (k.type === 'ref') {
        if (probing) {
          out[k.key] = k.many ? [{ id: 1 }] : { id: 1 };
          continue;
        }
        // An optional reference the prepare step made no records for (a circle, an uploaded file)
        // is left out.
        if (!k.required && !picks.has(k.key)) continue;
        let value: unknown;
        Object.defineProperty(out, k.key, {
          enumerable: true,
          configurable: true,
          get: () => {
            if (value === undefined) {
              value = refValue(k, spare);
              // The searched name of the record taken, from the pool of this body's server.
              const id = (value as { id?: number } | undefined)?.id;
              if (k === searchRef && id !== undefined) searchNames.set(out, poolOf(k)?.names.get(id) ?? '');
            }
            return value;
          },
        });
        continue;
      }
      const value = sampleOf(k, prefix, text);
      if (value !== undefined) out[k.key] = value;
      else if (k.required) throw new Error(`${def.name}.${k.key}: no generated text fits its schema`);
    }
    if (variants) {
      if (variant !== undefined) out[variants.field] = variant;
      fillVariant(out, text);
    }
    hand.holds?.(out);
    if (variants) {
      const problems = variantProblems(variants, asStored(out), null);
      if (problems.length) throw new Error(`${def.name}: its variant refuses the body: ${JSON.stringify(problems)}`);
    }
    return out;
  };
  /**
   * The fields of a body its variant looks at, as the server will store them (the variant's
   * defaults under what the body leaves out); references (read once, when sent) are not read.
   */
  const asStored = (out: Body): Body => {
    const { field, cases } = variants as NonNullable<typeof variants>;
    const declared = cases.find((c) => c.value === out[field]);
    const keys = new Set([
      field,
      ...(declared?.required ?? []).map((p) => p.split('.')[0]),
      ...Object.keys(declared?.schema?.shape ?? {}),
      ...Object.keys(declared?.defaults ?? {}),
    ]);
    const copy = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v } : v);
    const seen = Object.fromEntries([...keys].filter((k) => k in out).map((k) => [k, copy(out[k])]));
    return withDefaultsOf(declared, seen, { ...seen });
  };
  /**
   * Gives the fields the body's variant requires and the generator left out (a key inside a
   * settings object, `properties.token`) the first text the variant takes.
   */
  const fillVariant = (out: Body, text: string) => {
    const declared = variants && variantOf(variants, out);
    for (const path of declared ? (declared.required ?? []) : []) {
      const now = pathValue(out, path);
      if (now !== undefined && now !== null && now !== '') continue;
      const turn = turnOf(path);
      const name = `${text.split(' ')[0]}${path.split('.').pop()}`.toLowerCase();
      // A field the variant's form offers options for (a region) takes one of them.
      const offered =
        (declared?.form
          ? formTabs(declared.form)
              .flatMap((tab) => tab.fields)
              .find((f) => f.field === path)?.options
          : undefined) ?? optionsAt(declared?.schema, path);
      const tries = offered?.length
        ? [alternate(turn, byText(offered)), ...offered]
        : // Digits as text (an app id), then numbers (a timeout in a settings object), low then high by turn.
          [
            ...textCandidates(name, turn),
            unique(name),
            String(10 + turn * 7),
            ...(turn % 2 ? [60, 30] : [30, 60]),
            1,
            5,
          ];
      const fits = tries.find((t) => {
        setAt(out, path, t);
        return !variantProblems(variants as NonNullable<typeof variants>, asStored(out), null).some(
          (p) => p.field === path,
        );
      });
      if (fits === undefined) {
        // A setting no generated value fits that the variant's defaults give is left to them.
        setAt(out, path, undefined);
        const given = pathValue(asStored(out), path);
        if (given !== undefined && given !== null && given !== '') {
          deleteAt(out, path);
          continue;
        }
        throw new Error(`${def.name}.${path}: no generated text fits its variant`);
      }
      setAt(out, path, fits);
    }
  };
  // The schema must take what the generator makes (a refined text may refuse every shape), or
  // the resource is not simple after all.
  try {
    if (!schema.safeParse(body('probe', 'probe', true)).success) return null;
    // Every variant's turns too: a required setting no generated value fits needs a hand fixture.
    for (let turn = 0; turn < 2; turn++)
      for (const c of variants?.cases ?? []) body('probe', 'probe', true, false, c.value);
  } catch {
    return null;
  }

  const invalid: InvalidCase[] = [];
  const valid = () => body('bad', 'bad', false, true);
  // A field only a create needs (a password): its cases apply to creates.
  const updateShape = def.input.shape as Record<string, z.ZodType>;
  const onCreate = (key: string) =>
    def.createInput && (!updateShape[key] || !unwrap(updateShape[key]).required) ? { on: 'create' as const } : {};
  for (const k of kinds) {
    const broken = (value: unknown) =>
      Object.defineProperty(valid(), k.key, { value, enumerable: true, configurable: true });
    if (k.required && k.type !== 'timezone') {
      const missing = (): Body => {
        const b = valid();
        delete b[k.key];
        return b;
      };
      invalid.push({
        rule: `${k.key} missing`,
        get body() {
          return missing();
        },
        field: k.key,
        // The schema's word for a missing value (a list may say it needs an entry).
        message: (shape[k.key] as z.ZodType).safeParse(undefined).error?.issues[0]?.message ?? messages.required,
        ...onCreate(k.key),
      });
    }
    if (k.type === 'text') {
      if (!accepts(k.schema, '')) {
        const message = k.schema.safeParse('').error?.issues[0]?.message;
        invalid.push({ rule: `${k.key} not empty`, body: broken(''), field: k.key, message, ...onCreate(k.key) });
      }
      const bad = BAD_TEXTS.find((t) => !accepts(k.schema, t));
      if (bad !== undefined && k !== searchText) {
        const message = k.schema.safeParse(bad).error?.issues[0]?.message;
        invalid.push({ rule: `${k.key} refuses "${bad}"`, body: broken(bad), field: k.key, message });
      }
    }
    // The messages are the schema's (the spec's words: a bound, or "numeric" for a time).
    const said = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    if (k.type === 'number') {
      invalid.push({ rule: `${k.key} numeric`, body: broken('x'), field: k.key });
      if (k.bounded) {
        const message = said(k.schema, k.min - 1);
        invalid.push({ rule: `${k.key} at least ${k.min}`, body: broken(k.min - 1), field: k.key, message });
      }
      if (k.capped) {
        const message = said(k.schema, k.max + 1);
        invalid.push({ rule: `${k.key} at most ${k.max}`, body: broken(k.max + 1), field: k.key, message });
      }
    }
    if (k.type === 'enum') {
      invalid.push({
        rule: `${k.key} one of the options`,
        body: broken('no-such-option'),
        field: k.key,
        message: said(k.schema, 'no-such-option'),
      });
    }
    if (k.type === 'boolean') invalid.push({ rule: `${k.key} is a flag`, body: broken('yes'), field: k.key });
    if (k.type === 'timezone') {
      if (!k.nullable) {
        invalid.push({ rule: `${k.key} required`, body: broken(null), field: k.key, message: messages.required });
      }
      const zone = { name: 'Mars/Olympus_Mons' };
      invalid.push({ rule: `${k.key} a known zone`, body: broken(zone), field: k.key, message: TIMEZONE_UNKNOWN });
    }
    if (k.type === 'ref') {
      const at = k.many ? `${k.key}.0` : k.key;
      const ref = (id: unknown) => (k.many ? [{ id }] : { id });
      invalid.push({
        rule: `${k.key} an id`,
        get body() {
          return broken(ref('x'));
        },
        field: `${at}.id`,
        // The common reference's word, or the schema's own where a field takes a bare `{id}`.
        message: said(shape[k.key] as z.ZodType, ref('x')) ?? messages.idType,
      });
      invalid.push({
        rule: `${k.key} an existing ${k.target.name}`,
        get body() {
          return broken(ref(2_000_000_000));
        },
        field: at,
        message: errorDetail('noSuchRef', { resource: k.target.name }),
      });
    }
  }
  // Each setting a variant requires, empty in a body of that variant (a secret only on create:
  // sent empty on update it keeps the stored one).
  for (const c of variants?.cases ?? []) {
    for (const path of (c.required ?? []).filter((p) => p.includes('.'))) {
      invalid.push({
        rule: `${c.key}: ${path} required`,
        get body() {
          const b = body('bad', 'bad', false, true, c.value);
          setAt(b, path, '');
          return b;
        },
        field: path,
        message: messages.required,
        ...(variants?.secrets?.fields.includes(path) ? { on: 'create' as const } : {}),
      });
    }
  }
  for (const r of hand.rules ?? []) {
    invalid.push({
      rule: r.rule,
      get body() {
        const b = valid();
        const change = typeof r.change === 'function' ? r.change(b) : r.change;
        for (const [key, value] of Object.entries(change))
          Object.defineProperty(b, key, { value, enumerable: true, configurable: true, writable: true });
        return b;
      },
      field: r.field,
      message: r.message,
    });
  }
  const refKinds = kinds.filter((k) => k.type === 'ref');
  const prepare = async (s: TestServer, token: string) => {
    await hand.prepare?.(s, token);
    if (preparing.has(def.name)) {
      // A circle (a team's admins are agents of a team): bodies made now leave the optional
      // references out rather than take a pool of an earlier domain; the outer step sets them.
      for (const k of refKinds) if (!k.required) picks.delete(k.key);
      return;
    }
    preparing.add(def.name);
    try {
      for (const k of refKinds) {
        // An optional reference to a resource being prepared (a circle) or one no fixture
        // creates is left out of the bodies (not taken from a pool of an earlier domain).
        if (!k.required && (preparing.has(k.target.name) || !fixtureOrNull(fixtureOf, k.target)?.create)) {
          picks.delete(k.key);
          continue;
        }
        picks.set(k.key, await poolFor(s, token, k.target, k.filter, k.fresh, fixtureOf));
      }
    } finally {
      preparing.delete(def.name);
    }
  };
  const parent = parentDef
    ? async (s: TestServer, token: string) => {
        const pfx = parentFx as Fixture;
        await pfx.prepare?.(s, token);
        const res = await s.request('POST', `/api${parentDef.path}`, { token, body: pfx.create?.('parent') });
        if (res.status !== 201) throw new Error(`${parentDef.name}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.id as number;
      }
    : undefined;
  const changeable =
    kinds.find((k) => k !== searchText && k.type === 'text') ??
    kinds.find((k) => k !== searchText && k.type !== 'ref' && k.type !== 'given');
  const patch: Body =
    hand.patch ?? (changeable ? { [changeable.key]: sampleOf(changeable, 'patched', 'patched') } : {});
  const untouched = search && searchText ? search : kinds.find((k) => !(k.key in patch))?.key;
  // A bulk change (`ops.bulkPatch`) of the fields it takes.
  const bulkFields: readonly string[] = def.ops.bulkPatch ?? [];
  const bulkKinds = kinds.filter((k) => bulkFields.includes(k.key) && k.type !== 'ref');
  const bulkPatch = bulkKinds.length
    ? Object.fromEntries(bulkKinds.map((k) => [k.key, sampleOf(k, 'bulk', 'bulk')]))
    : undefined;
  // The access suite's actors name the referenced records (and make parents): they need to read them.
  const grants: Record<string, string> = { ...parentFx?.grants };
  for (const k of refKinds) if (k.target.objClass) grants[k.target.objClass] = 'r';
  const permissions = [...(parentFx?.permissions ?? []), ...(hand.permissions ?? [])];
  const nameOf = (b: Body) => {
    if (searchRef) void b[searchRef.key];
    return searchNames.get(b) ?? '';
  };
  const byVariant = variants
    ? {
        variants: Object.fromEntries(
          variants.cases.map((c) => [c.key, (prefix: string) => body(prefix, 'made by a test', false, false, c.value)]),
        ),
      }
    : {};
  return {
    ...byVariant,
    // A resource whose records are made otherwise (media: uploaded files) creates none here.
    ...(def.ops.create ? { create: (prefix: string) => body(prefix, 'made by a test') } : {}),
    searchValue: (b) => (searchText ? (b[searchText.key] as string) : (listed?.(b) ?? nameOf(b))),
    ...(def.ops.update ? { update: (prefix: string) => body(prefix, 'replaced') } : {}),
    patch,
    untouched,
    invalid,
    ...(refKinds.length || hand.prepare ? { prepare } : {}),
    ...(Object.keys(grants).length ? { grants } : {}),
    ...(permissions.length ? { permissions } : {}),
    ...(parent ? { parent } : {}),
    ...(hand.exclusive ? { exclusive: true } : {}),
    ...(bulkPatch ? { bulkPatch } : {}),
  };
}

/** The options of the field at a dotted path of an object schema (a variant's), if it is a list of options. */
function optionsAt(schema: z.ZodType | undefined, path: string): (string | number)[] | undefined {
  let at: z.ZodType | undefined = schema;
  for (const part of path.split('.')) {
    if (!at) return undefined;
    const shape = (unwrap(at).inner as { shape?: Record<string, z.ZodType> }).shape;
    at = shape?.[part];
  }
  const kind = at && kindOf(path, at);
  return kind?.type === 'enum' ? (kind.options as (string | number)[]) : undefined;
}

/** Takes the value at a dotted path out, if it is there. */
function deleteAt(out: Body, path: string) {
  const parts = path.split('.');
  const parent = pathValue(out, parts.slice(0, -1).join('.') || '.');
  const at = parts.length > 1 ? parent : out;
  if (at && typeof at === 'object') delete (at as Body)[parts[parts.length - 1]];
}

/** Sets the value at a dotted path (`properties.token`), making the objects on the way. */
function setAt(out: Body, path: string, value: unknown) {
  const parts = path.split('.');
  let at = out;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) at[part] = {};
    at = at[part] as Body;
  }
  at[parts[parts.length - 1]] = value;
}

/** A fixture, or null where none can be had (a media file, uploaded by its own suite). */
function fixtureOrNull(fixtureOf: FixtureOf, def: ResourceDef): Fixture | null {
  try {
    return fixtureOf(def);
  } catch {
    return null;
  }
}

/**
 * The value of a unique field's `turn`-th body out of `sorted`: no two of the first
 * `sorted.length` turns alike, the lower half on even turns and the upper on odd ones (see
 * `alternate`).
 */
function distinct<T>(turn: number, sorted: readonly T[]): T {
  const half = Math.ceil(sorted.length / 2);
  const k = Math.floor(turn / 2);
  return turn % 2 === 0 ? sorted[k % half] : sorted[half + (k % Math.max(1, sorted.length - half))];
}

/** Resources whose prepare step runs now: a reference back to one of them is left out. */
const preparing = new Set<string>();

/**
 * The name of the record a body's searched reference took, by body: read from the pool of the
 * server the body went to (ids repeat across servers and drivers, so no map by id would do).
 */
const searchNames = new WeakMap<Body, string>();

/** Pools by server, then by domain, target, filter and whether each record is taken once. */
const pools = new WeakMap<TestServer, Map<string, RefPool>>();

/** The caller's domain, by server and token. */
const domains = new WeakMap<TestServer, Map<string, number>>();
async function domainOf(s: TestServer, token: string): Promise<number> {
  let byToken = domains.get(s);
  if (!byToken) {
    byToken = new Map();
    domains.set(s, byToken);
  }
  let id = byToken.get(token);
  if (id === undefined) {
    const info = await s.request('GET', '/api/userinfo', { token });
    if (info.status !== 200) throw new Error(`userinfo: ${info.status}`);
    id = info.body.domainId as number;
    byToken.set(token, id);
  }
  return id;
}

/**
 * The pool of `target` records (with `filter`'s values) in the caller's domain, made through its
 * fixture: `POOL` of them, or for a unique reference `FRESH` not yet taken.
 */
async function poolFor(
  s: TestServer,
  token: string,
  target: ResourceDef,
  filter: Body,
  fresh: boolean,
  fixtureOf: FixtureOf,
): Promise<RefPool> {
  let byKey = pools.get(s);
  if (!byKey) {
    byKey = new Map();
    pools.set(s, byKey);
  }
  const key = `${await domainOf(s, token)}:${target.name}:${JSON.stringify(filter)}:${fresh}`;
  let pool = byKey.get(key);
  if (!pool) {
    pool = { ids: [], names: new Map(), used: new Set() };
    byKey.set(key, pool);
  }
  const wanted = fresh ? FRESH : POOL;
  const ready = pool.ids.length - pool.used.size;
  if (ready >= wanted) return pool;
  const fx = fixtureOf(target);
  if (!fx.create) throw new Error(`${target.name}: its fixture does not create, so nothing can refer to it`);
  await fx.prepare?.(s, token);
  for (let i = ready; i < wanted; i++) {
    const res = await s.request('POST', `/api${target.path}`, { token, body: { ...fx.create('ref'), ...filter } });
    if (res.status !== 201) throw new Error(`${target.name}: ${res.status} ${JSON.stringify(res.body)}`);
    const name = String(res.body.name ?? '');
    pool.ids.push(res.body.id);
    pool.names.set(res.body.id, name);
  }
  return pool;
}
