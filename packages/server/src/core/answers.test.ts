import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCompiler } from './answers.js';
import { idParam, validatorCompiler } from './route.js';

const item = z.object({ id: z.number(), name: z.string(), note: z.string().nullable(), tags: z.array(z.string()) });
const write = (schema: z.ZodType) => answerCompiler({ schema }) as (data: unknown) => string;

describe('answers serialised from their schema', () => {
  it('writes only the fields the schema names', () => {
    const out = write(item)({ id: 1, name: 'a', note: null, tags: ['x'], passwordHash: 'secret' });
    expect(JSON.parse(out)).toEqual({ id: 1, name: 'a', note: null, tags: ['x'] });
  });

  it('answers part of a record (a projection) without inventing the rest', () => {
    const list = z.object({ items: z.array(item.partial()), next: z.boolean() });
    expect(JSON.parse(write(list)({ items: [{ name: 'b', secret: 1 }], next: false }))).toEqual({
      items: [{ name: 'b' }],
      next: false,
    });
  });

  it('writes each value as JSON.stringify would: no null or numeric string coerced or refused', () => {
    const strict = z.object({
      name: z.string(),
      count: z.number(),
      ref: z.object({ id: z.number() }),
      duration: z.number().nullable(),
      owner: z.object({ id: z.number() }).nullable(),
      at: z.string(),
    });
    const row = { name: null, count: null, ref: null, duration: '12.5', owner: { id: 2, hidden: 1 }, at: new Date(0) };
    expect(JSON.parse(write(strict)(row))).toEqual({
      name: null,
      count: null,
      ref: null,
      duration: '12.5',
      owner: { id: 2 },
      at: '1970-01-01T00:00:00.000Z',
    });
  });

  it('writes a value that carries nothing more as JSON.stringify writes it, field order included', () => {
    const list = z.object({ items: z.array(item.partial()), next: z.boolean() });
    const answer = { next: true, items: [{ tags: [], name: 'b', id: 2, note: null }, null] };
    expect(write(list)(answer)).toBe(JSON.stringify(answer));
  });

  it('drops what a nested object carries beyond its fields, and an object in a list of them', () => {
    const schema = z.object({ owner: z.object({ id: z.number() }), rows: z.array(z.object({ id: z.number() })) });
    const answer = { owner: { id: 1, passwordHash: 'h' }, rows: [{ id: 2 }, { id: 3, token: 't' }] };
    expect(JSON.parse(write(schema)(answer))).toEqual({ owner: { id: 1 }, rows: [{ id: 2 }, { id: 3 }] });
    // Whatever comes first in the record, the one to drop is found.
    expect(JSON.parse(write(schema)({ rows: [{ token: 't', id: 3 }], owner: null }))).toEqual({
      rows: [{ id: 3 }],
      owner: null,
    });
  });

  it('reads toJSON where an object is declared, as JSON.stringify would, and keeps only the fields', () => {
    const schema = z.object({ owner: z.object({ id: z.number() }) });
    const owner = { toJSON: () => ({ id: 4, secret: 's' }) };
    expect(JSON.parse(write(schema)({ owner }))).toEqual({ owner: { id: 4 } });
    // A Date where an object was declared has no field to write.
    expect(JSON.parse(write(schema)({ owner: new Date(0) }))).toEqual({ owner: {} });
  });

  it('refuses a value of another kind where an object or a list is declared', () => {
    const schema = z.object({ owner: z.object({ id: z.number() }), tags: z.array(z.string()) });
    expect(() => write(schema)({ owner: 'admin', tags: [] })).toThrow("'#/properties/owner'");
    expect(() => write(schema)({ owner: null, tags: { 0: 'a' } })).toThrow("'#/properties/tags'");
    expect(() => write(schema)({ owner: [{ id: 1 }], tags: [] })).toThrow("'#/properties/owner'");
  });

  it('keeps every key of a record and the named fields of objects in arrays', () => {
    const schema = z.object({ vars: z.record(z.string(), z.string()), rows: z.array(z.object({ id: z.number() })) });
    const out = write(schema)({ vars: { a: 'x', b: 'y' }, rows: [{ id: 1, secret: 's' }], extra: 1 });
    expect(JSON.parse(out)).toEqual({ vars: { a: 'x', b: 'y' }, rows: [{ id: 1 }] });
  });
});

describe('the validator compiler', () => {
  const check = (schema: z.ZodType, httpPart: string, method = 'POST') =>
    validatorCompiler({ schema, httpPart, method, url: '/x' }) as (data: unknown) => { value?: unknown; error?: Error };

  it('keeps only the fields a PATCH sent, not the defaults of the partial record', () => {
    const patch = z.object({ name: z.string(), enabled: z.boolean().default(true) }).partial();
    expect(check(patch, 'body', 'PATCH')({ name: 'n' }).value).toEqual({ name: 'n' });
    expect(check(patch, 'body', 'POST')({ name: 'n' }).value).toEqual({ name: 'n', enabled: true });
  });

  it('refuses a path id that is no positive whole number, naming the param', () => {
    const params = z.object({ id: idParam() });
    expect(check(params, 'params')({ id: '12' }).error).toBeUndefined();
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      const refused = check(params, 'params')({ id: bad }).error as Error & { fields: unknown };
      expect(refused.fields, bad).toEqual([{ field: 'id', message: 'id must be a whole number' }]);
    }
  });
});
