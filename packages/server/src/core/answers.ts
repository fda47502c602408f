import { z } from 'zod';

type Json = { [key: string]: unknown };

/**
 * Answers serialised from the route's zod response schema: only the fields the schema names are
 * written, so nothing else a row carries can leak. The schema it writes by is the answer's shape
 * only (`shapeOf`): which objects carry which fields, and arrays of what. A value is written as
 * JSON.stringify writes it (no null or numeric string coerced to the declared type, or refused);
 * no field is required (a list's `fields` projection answers part of each record; an absent field
 * is left out); any object or array may be null. A value of another kind where the shape has an
 * object or an array (a string for an object, an object for an array) is refused: a server error,
 * never a guess.
 *
 * JSON.stringify itself writes the answer, in one native pass: as it is when it carries nothing
 * the shape leaves out (`fits`, which allocates nothing: the lists of the console are read with
 * the fields they answer), else a copy of it by its shape (`copyByShape`). Fields keep their
 * record's order.
 */
export const answerCompiler = ({ schema }: { schema: unknown }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  const shape = compileShape(answerSchema(schema));
  return (data: unknown) => JSON.stringify(fits(shape, data) ? data : copyByShape(shape, data));
};

/** The JSON schema an answer is written by. */
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

/**
 * A shape (`shapeOf`) made ready to walk: any value; an array of items of a shape; an object
 * with its named fields' shapes and the shape of any other key (`rest`; null: other keys are left
 * out). `at` names the place, for the refusal of a value of another kind.
 */
export type Shape =
  | { kind: 'any' }
  | { kind: 'array'; at: string; item: Shape }
  | { kind: 'object'; at: string; fields: Map<string, Shape>; rest: Shape | null };

const ANY: Shape = { kind: 'any' };

export function compileShape(shape: Json, at = '#'): Shape {
  const type = shape.type as string[] | undefined;
  if (!Array.isArray(type)) return ANY;
  if (type[0] === 'array') return { kind: 'array', at, item: compileShape((shape.items as Json) ?? {}, `${at}/items`) };
  const properties = (shape.properties as Record<string, Json> | undefined) ?? {};
  const fields = new Map(Object.entries(properties).map(([k, v]) => [k, compileShape(v, `${at}/properties/${k}`)]));
  const extra = shape.additionalProperties as Json | undefined;
  return { kind: 'object', at, fields, rest: extra ? compileShape(extra, `${at}/additionalProperties`) : null };
}

const refused = (at: string) => new TypeError(`The value of '${at}' does not match schema definition.`);

const hasToJson = (value: object) => typeof (value as { toJSON?: unknown }).toJSON === 'function';

/**
 * Whether JSON.stringify writes `value` as the shape allows: every key of every object named (or
 * a record's), no object whose toJSON must be read first. Throws where a value of another kind
 * stands for an object or an array.
 */
export function fits(shape: Shape, value: unknown): boolean {
  if (shape.kind === 'any' || value === null || value === undefined) return true;
  if (typeof value !== 'object') throw refused(shape.at);
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) return false;
    const item = shape.item;
    if (item.kind === 'any') return true;
    for (let i = 0; i < value.length; i++) if (!fits(item, value[i])) return false;
    return true;
  }
  if (Array.isArray(value)) throw refused(shape.at);
  if (hasToJson(value)) return false;
  const record = value as Json;
  for (const key in record) {
    const field = shape.fields.get(key) ?? shape.rest;
    if (!field || !fits(field, record[key])) return false;
  }
  return true;
}

/**
 * A copy of `value` that keeps what the shape allows: an object its named fields (and, with
 * `rest`, every other key), each copied by its own shape, undefined ones left out; an array its
 * items (an undefined one becomes null, as JSON.stringify writes it); what toJSON gives for an
 * object that has it (a Date where an object is declared has no fields to write).
 */
export function copyByShape(shape: Shape, value: unknown): unknown {
  if (shape.kind === 'any' || value === null || value === undefined) return value;
  if (typeof value !== 'object') throw refused(shape.at);
  if (shape.kind === 'array') {
    const list = Array.isArray(value) ? value : hasToJson(value) ? (value as { toJSON(): unknown }).toJSON() : value;
    if (!Array.isArray(list)) throw refused(shape.at);
    return list.map((v) => (v === null || v === undefined ? null : copyByShape(shape.item, v)));
  }
  if (Array.isArray(value)) throw refused(shape.at);
  const record = hasToJson(value) ? (value as { toJSON(): unknown }).toJSON() : value;
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return {};
  const out: Json = {};
  for (const [key, v] of Object.entries(record as Json)) {
    const field = shape.fields.get(key) ?? shape.rest;
    if (field && v !== undefined) out[key] = copyByShape(field, v);
  }
  return out;
}
