import { errorDetail, formTabs, messages, type ResourceDef, TIMEZONE_UNKNOWN } from '@switchboard/model';
import type { z } from 'zod';
import type { TestServer } from '../harness.js';
import type { Fixture, InvalidCase } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

/** What a generated body can say about one input field. */
type FieldKind =
  | { type: 'text'; key: string; required: boolean; schema: z.ZodType }
  | { type: 'number'; key: string; required: boolean; min: number; max: number; bounded: boolean; capped: boolean }
  | { type: 'boolean'; key: string; required: boolean }
  | { type: 'enum'; key: string; required: boolean; options: string[] }
  | { type: 'timezone'; key: string; required: boolean }
  | { type: 'ref'; key: string; required: boolean; target: ResourceDef; many: boolean; filter: Body };

/** Zones a time-zone field is given, varied so that sorting has values to order. */
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];

type Def = { type: string; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => schema.def as unknown as Def;

/** The schema inside defaults and optionals, and whether a body may leave the field out. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; required: boolean } {
  let inner = schema;
  let required = true;
  while (['default', 'optional', 'nullable', 'prefault'].includes(defOf(inner).type)) {
    required = false;
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
  if (type === 'enum') return { type: 'enum', key, required, options: (s as z.ZodEnum).options as string[] };
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
const byText = (values: readonly string[]) =>
  [...values].sort((a, b) => collator.compare(a.toLowerCase(), b.toLowerCase()));

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
  ];
}

/** Texts a refined field may refuse; the first one its schema refuses is its invalid case. */
const BAD_TEXTS = ['bad value !', '300.1.2.3', '00:11:22:33:44', '^(12', 'not a host!'];

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** Records of other resources a body refers to, made on each test server (names scrambled). */
export type RefPool = { ids: number[]; names: Map<number, string> };

/**
 * A rule of a field the generator leaves out (a list of rows, a nested object, a map): a valid
 * generated body with `change` applied must be refused with 400 naming `field`.
 */
export type Rule = { rule: string; change: Body; field: string; message?: string };

/** How a generated fixture finds the fixture of a resource its bodies refer to. */
export type FixtureOf = (def: ResourceDef) => Fixture;

/** How many records of each referenced resource a suite makes: enough for sorting to order. */
const POOL = 3;

/**
 * The fixture of a resource, generated from its zod schemas and declared references: bodies with
 * a value for every input field the generator knows (the searched text starting with the prefix,
 * refined texts of the first shape the schema takes, numbers within their bounds, options and
 * referenced records varied so that sorting has values to order), leaving out defaulted fields it
 * does not know (maps, nested objects: their rules have tests of their own), and one invalid case
 * per rule the schema states. Records referred to are made first through their own fixtures, in
 * the caller's domain, `filter` values set. Answers null where a required field cannot be filled
 * (a reference to a nested resource, an object): such a resource needs a hand-written fixture.
 */
export function generatedFixture(def: ResourceDef, fixtureOf: FixtureOf, rules: readonly Rule[] = []): Fixture | null {
  // A nested record needs its parent, a variant its own fields: hand-written fixtures say which.
  if (def.parent || def.variants) return null;
  const schema = (def.createInput ?? def.input) as z.ZodObject;
  const kinds: FieldKind[] = [];
  // A time zone is an object the schema refines: its form kind says what it is.
  const formFields = def.form ? formTabs(def.form).flatMap((tab) => tab.fields) : [];
  const zoned = (key: string) => formFields.some((f) => f.field === key && f.kind === 'timezone');
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const declared = def.refs?.[key];
    const required = unwrap(field).required;
    let kind: FieldKind | null;
    if (declared) {
      const target = declared.to();
      kind = target.parent
        ? null
        : { type: 'ref', key, required, target, many: !!declared.many, filter: filterBody(target, declared.filter) };
    } else kind = zoned(key) ? { type: 'timezone', key, required: true } : kindOf(key, field);
    if (kind) kinds.push(kind);
    else if (required) return null;
  }
  const search = def.search[0];
  if (!kinds.some((k) => k.key === search && k.type === 'text')) return null;

  const pools = new Map<string, RefPool>();
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
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return turn;
  };
  const sampleOf = (kind: FieldKind, prefix: string, text: string): unknown => {
    const turn = turnOf(kind.key);
    switch (kind.type) {
      case 'text': {
        if (kind.key === search) return unique(prefix);
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
        return alternate(turn, byText(kind.options));
      case 'timezone':
        return { name: alternate(turn, byText(ZONES)) };
      case 'ref':
        return undefined;
    }
  };
  const refValue = (k: Extract<FieldKind, { type: 'ref' }>) => {
    const pool = poolOf(k);
    if (!pool) return undefined;
    const sorted = [...pool.ids].sort((a, b) => collator.compare(pool.names.get(a) ?? '', pool.names.get(b) ?? ''));
    const one = alternate(turnOf(k.key), sorted);
    return k.many ? [{ id: one }] : { id: one };
  };
  /** A body; references are read when it is sent (after prepare made their records), once. */
  const body = (prefix: string, text: string, probing = false): Body => {
    const out: Body = {};
    for (const k of kinds) {
      if (k.type === 'ref') {
        if (probing) {
          out[k.key] = k.many ? [{ id: 1 }] : { id: 1 };
          continue;
        }
        let value: unknown;
        Object.defineProperty(out, k.key, {
          enumerable: true,
          configurable: true,
          get: () => {
            value ??= refValue(k);
            return value;
          },
        });
        continue;
      }
      const value = sampleOf(k, prefix, text);
      if (value !== undefined) out[k.key] = value;
      else if (k.required) throw new Error(`${def.name}.${k.key}: no generated text fits its schema`);
    }
    return out;
  };
  // The schema must take what the generator makes (a refined text may refuse every shape), or
  // the resource is not simple after all.
  try {
    if (!schema.safeParse(body('probe', 'probe', true)).success) return null;
  } catch {
    return null;
  }

  const invalid: InvalidCase[] = [];
  const valid = () => body('bad', 'bad');
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
        message: messages.required,
        ...onCreate(k.key),
      });
    }
    if (k.type === 'text') {
      if (!accepts(k.schema, '')) {
        const message = k.schema.safeParse('').error?.issues[0]?.message;
        invalid.push({ rule: `${k.key} not empty`, body: broken(''), field: k.key, message, ...onCreate(k.key) });
      }
      const bad = BAD_TEXTS.find((t) => !accepts(k.schema, t));
      if (bad !== undefined && k.key !== search) {
        const message = k.schema.safeParse(bad).error?.issues[0]?.message;
        invalid.push({ rule: `${k.key} refuses "${bad}"`, body: broken(bad), field: k.key, message });
      }
    }
    if (k.type === 'number') {
      invalid.push({ rule: `${k.key} numeric`, body: broken('x'), field: k.key });
      if (k.bounded) {
        const message = `${messages.min} ${k.min}`;
        invalid.push({ rule: `${k.key} at least ${k.min}`, body: broken(k.min - 1), field: k.key, message });
      }
      if (k.capped) {
        const message = `${messages.max} ${k.max}`;
        invalid.push({ rule: `${k.key} at most ${k.max}`, body: broken(k.max + 1), field: k.key, message });
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
    if (k.type === 'ref') {
      const at = k.many ? `${k.key}.0` : k.key;
      const ref = (id: unknown) => (k.many ? [{ id }] : { id });
      invalid.push({
        rule: `${k.key} an id`,
        get body() {
          return broken(ref('x'));
        },
        field: `${at}.id`,
        message: messages.idType,
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
  for (const r of rules) {
    invalid.push({
      rule: r.rule,
      get body() {
        return Object.assign(valid(), r.change);
      },
      field: r.field,
      message: r.message,
    });
  }
  const refKinds = kinds.filter((k) => k.type === 'ref');
  const prepare = async (s: TestServer, token: string) => {
    if (preparing.has(def.name)) return;
    preparing.add(def.name);
    try {
      for (const k of refKinds) {
        const key = `${k.target.name}:${JSON.stringify(k.filter)}`;
        let pool = pools.get(key);
        // An optional reference to a resource being prepared (a circle) or one no fixture
        // creates is left out of the bodies.
        if (!k.required && (preparing.has(k.target.name) || !fixtureOf(k.target).create)) continue;
        if (!pool || made.get(pool) !== s) {
          pool = await makePool(s, token, k.target, k.filter, fixtureOf);
          pools.set(key, pool);
        }
        picks.set(k.key, pool);
      }
    } finally {
      preparing.delete(def.name);
    }
  };
  const changeable = kinds.find((k) => k.key !== search && k.type === 'text') ?? kinds.find((k) => k.key !== search);
  const patch: Body =
    changeable && changeable.type !== 'ref' ? { [changeable.key]: sampleOf(changeable, 'patched', 'patched') } : {};
  // The access suite's actors name the referenced records: they need to read them.
  const grants: Record<string, string> = {};
  for (const k of refKinds) if (k.target.objClass) grants[k.target.objClass] = 'r';
  return {
    create: (prefix) => body(prefix, 'made by a test'),
    searchValue: (b) => b[search] as string,
    update: (prefix) => body(prefix, 'replaced'),
    patch,
    untouched: search,
    invalid,
    ...(refKinds.length ? { prepare, grants } : {}),
  };
}

/** Resources whose prepare step runs now: a reference back to one of them is left out. */
const preparing = new Set<string>();

/** Which server a pool's records live on. */
const made = new WeakMap<RefPool, TestServer>();

/** `POOL` records of `target` (with `filter`'s values) in the caller's domain, through its fixture. */
async function makePool(s: TestServer, token: string, target: ResourceDef, filter: Body, fixtureOf: FixtureOf) {
  const fx = fixtureOf(target);
  if (!fx.create) throw new Error(`${target.name}: its fixture does not create, so nothing can refer to it`);
  await fx.prepare?.(s, token);
  const pool: RefPool = { ids: [], names: new Map() };
  for (let i = 0; i < POOL; i++) {
    const res = await s.request('POST', `/api${target.path}`, { token, body: { ...fx.create('ref'), ...filter } });
    if (res.status !== 201) throw new Error(`${target.name}: ${res.status} ${JSON.stringify(res.body)}`);
    pool.ids.push(res.body.id);
    pool.names.set(res.body.id, String(res.body.name ?? ''));
  }
  made.set(pool, s);
  return pool;
}
