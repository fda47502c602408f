import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOf, BY_NAME, lookup, NAME_COLUMN, nested, resource } from './define.js';
import { int, oneOf, refInput, refOutput, required, requiredRef, timestamps } from './validation.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'output' });

describe('answerOf', () => {
  it('answers each input field without its checks and defaults, a reference as {id, name}', () => {
    const input = z.object({
      name: required(),
      size: int({ min: 1 }).default(2),
      on: z.boolean().default(true),
      kind: oneOf(['a', 'b']),
      owner: requiredRef(),
      members: z.array(refInput()).default([]),
      backup: refInput().nullable().default(null),
      range: z.object({ from: int(), to: int() }),
      settings: z.record(z.string(), z.string().min(1)).default({}),
      password: z.string().optional(),
    });
    const item = answerOf(input, { passwordSet: z.boolean(), ...timestamps() }, ['password']);
    expect(schema(item)).toEqual(
      schema(
        z.object({
          id: z.number(),
          name: z.string(),
          size: z.number(),
          on: z.boolean(),
          kind: z.enum(['a', 'b']),
          owner: refOutput(),
          members: z.array(refOutput()),
          backup: refOutput().nullable(),
          range: z.object({ from: z.number(), to: z.number() }),
          settings: z.record(z.string(), z.string()),
          passwordSet: z.boolean(),
          createdAt: z.string(),
          updatedAt: z.string(),
        }),
      ),
    );
  });

  it('puts a field of `more` that the input has where the input has it', () => {
    const item = answerOf(z.object({ a: oneOf(['x', 'y']), b: required() }), { a: z.string(), c: z.number() });
    expect(Object.keys(item.shape)).toEqual(['id', 'a', 'b', 'c']);
    expect(schema(item.shape.a)).toEqual(schema(z.string()));
  });

  it('refuses a field it cannot answer, naming it, unless `more` says how', () => {
    const input = z.object({ limit: z.union([z.literal('none'), z.number()]) });
    expect(() => answerOf(input)).toThrow(/limit is a union/);
    expect(Object.keys(answerOf(input, { limit: z.string() }).shape)).toEqual(['id', 'limit']);
  });
});

describe('derived items', () => {
  const input = z.object({ name: required(), level: int().default(0) });

  it('resource: the input answered, with the timestamps', () => {
    const def = resource({
      name: 'defineTestThings',
      path: '/define-test/things',
      objClass: null,
      area: 'system',
      input,
      ...BY_NAME,
      columns: [NAME_COLUMN],
    });
    expect(Object.keys(def.item.shape)).toEqual(['id', 'name', 'level', 'createdAt', 'updatedAt']);
    expect(def.fields).toEqual(['id', 'name', 'level', 'createdAt', 'updatedAt']);
  });

  it('lookup: the input answered', () => {
    const def = lookup({
      name: 'defineTestLookups',
      path: '/define-test/lookups',
      objClass: null,
      input,
      ...BY_NAME,
      columns: [NAME_COLUMN],
    });
    expect(Object.keys(def.item.shape)).toEqual(['id', 'name', 'level']);
  });

  it('nested: the parent id, then the input answered; the parent id is the parent field', () => {
    const parent = resource({
      name: 'defineTestParents',
      path: '/define-test/parents',
      objClass: null,
      area: 'system',
      input,
      ...BY_NAME,
      columns: [NAME_COLUMN],
    });
    const def = nested({
      name: 'defineTestChildren',
      path: '/define-test/parents/:parentId/children',
      parent,
      param: 'parentId',
      input,
      ...BY_NAME,
      columns: [NAME_COLUMN],
    });
    expect(Object.keys(def.item.shape)).toEqual(['id', 'parentId', 'name', 'level']);
    expect(def.parent).toMatchObject({ param: 'parentId', field: 'parentId', rights: 'parent' });
  });

  it('a resource with neither input nor item is refused', () => {
    expect(() =>
      resource({
        name: 'defineTestNothing',
        path: '/define-test/nothing',
        objClass: null,
        area: 'system',
        defaultSort: '+id',
        columns: [],
      }),
    ).toThrow(/declares its item/);
  });
});
