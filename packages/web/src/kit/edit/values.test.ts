import { defineResource, int, optionalText, refInput, regions, required, timezone } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formDefaults, formFields, formFromItem, formToInput } from './values';

/** A resource of every field kind, to exercise the kit apart from any real resource. */
const sample = defineResource({
  name: 'sample',
  path: '/samples',
  objClass: null,
  area: 'lookups',
  route: '/lookups/samples',
  input: z.object({
    name: required(),
    note: optionalText(),
    limit: int({ min: 0 }).default(60),
    count: int({ min: 0 }),
    enabled: z.boolean().default(true),
    channel: z.enum(['phone', 'email']),
    owner: refInput().nullable(),
    zone: timezone(),
    expireAt: z.string().nullable().default(null),
  }),
  item: z.object({ id: z.number(), name: z.string() }),
  fields: ['id', 'name'],
  listFields: ['id', 'name'],
  search: ['name'],
  sort: ['name'],
  defaultSort: '+name',
  columns: [{ field: 'name' }],
  recordAcl: false,
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    tabs: [
      {
        key: 'main',
        fields: [
          { field: 'name', required: true },
          { field: 'note', kind: 'textarea' },
          { field: 'limit', kind: 'number' },
          { field: 'count', kind: 'number' },
          { field: 'enabled', kind: 'switch' },
        ],
      },
      {
        key: 'more',
        fields: [
          { field: 'channel', kind: 'select', options: ['phone', 'email'] },
          { field: 'owner', kind: 'ref', path: '/users' },
          { field: 'zone', kind: 'timezone' },
          { field: 'expireAt', kind: 'date' },
        ],
      },
    ],
  },
});

describe('form values of a definition', () => {
  it('start from the schema defaults, else the blank of each kind', () => {
    expect(formDefaults(sample)).toEqual({
      name: '',
      note: '',
      limit: 60,
      count: '',
      enabled: true,
      channel: null,
      owner: null,
      zone: null,
      expireAt: null,
    });
    expect(formDefaults(regions)).toEqual({ name: '', timezone: null, description: '' });
  });

  it('take the input fields of an item and leave what the item does not carry at its default', () => {
    const item = { id: 3, name: 'North', timezone: { name: 'UTC' }, description: 'd', extra: 1 };
    expect(formFromItem(regions, item)).toEqual({ name: 'North', timezone: { name: 'UTC' }, description: 'd' });
    expect(formFromItem(sample, { id: 1, name: 'x', count: 4 })).toMatchObject({ name: 'x', count: 4, limit: 60 });
  });

  it('send an empty number as no value, so the schema names the field', () => {
    const values = formDefaults(sample);
    const body = formToInput(sample, values);
    expect(body).not.toHaveProperty('count');
    const checked = sample.input.safeParse(body);
    expect(checked.success).toBe(false);
    const failing = checked.success ? [] : checked.error.issues.map((i) => i.path.join('.'));
    expect(failing).toEqual(expect.arrayContaining(['name', 'count', 'channel', 'zone']));
    expect(failing).not.toContain('limit');
  });

  it('list the form fields across tabs', () => {
    expect(formFields(sample).map((f) => f.field)).toEqual([
      'name',
      'note',
      'limit',
      'count',
      'enabled',
      'channel',
      'owner',
      'zone',
      'expireAt',
    ]);
    expect(formFields(regions).map((f) => f.field)).toEqual(['name', 'timezone', 'description']);
  });
});

describe('defineResource form checks', () => {
  const base = { ...sample, name: 'bad' };
  it('refuses a form field that is not an input field, a ref without a path and a select without options', () => {
    expect(() => defineResource({ ...base, form: { fields: [{ field: 'nope' }] } })).toThrow(/not an input field/);
    expect(() => defineResource({ ...base, form: { fields: [{ field: 'owner', kind: 'ref' }] } })).toThrow(/path/);
    expect(() => defineResource({ ...base, form: { fields: [{ field: 'channel', kind: 'select' }] } })).toThrow(
      /options/,
    );
  });
});
