import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages.js';
import { defineResource, type VariantDef, variantProblems } from './resource.js';
import { int, required } from './validation.js';

/**
 * A queue-like definition: a numeric discriminator with nine types whose parameters live in a
 * nested payload, each with its own required fields, defaults and tabs (REFERENCE "Queue types").
 */
const payload = z.object({ maxWaitTime: int({ min: 0 }).optional(), maxAttempts: int({ min: 0 }).optional() });
const waiting = (value: number, maxWaitTime: number): VariantDef => ({
  key: `type${value}`,
  value,
  required: ['payload.maxWaitTime'],
  defaults: { payload: { maxWaitTime } },
  form: { tabs: [{ key: 'params', fields: [{ field: 'payload', kind: 'text' }] }] },
});
const dialing = (value: number): VariantDef => ({
  key: `type${value}`,
  value,
  required: ['strategy', 'payload.maxAttempts'],
  defaults: { payload: { maxAttempts: 3 } },
  form: { tabs: [{ key: 'resources', fields: [{ field: 'strategy', kind: 'text' }] }] },
});
const queues = defineResource({
  name: 'sampleQueues',
  path: '/sample/queues',
  objClass: null,
  area: 'contact-center',
  route: '/contact-center/sample-queues',
  input: z.object({
    name: required(),
    type: z.number().int().default(0),
    strategy: z.string().default(''),
    payload: payload.default({}),
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
  form: { fields: [{ field: 'name', required: true }] },
  variants: {
    field: 'type',
    cases: [
      dialing(0),
      waiting(1, 3600),
      dialing(2),
      dialing(3),
      dialing(4),
      { ...dialing(5), defaults: { payload: { maxAttempts: 3, maxWaitTime: 10 } } },
      waiting(6, 3600),
      dialing(7),
      dialing(8),
    ],
  },
});

describe('typed variants', () => {
  it('checks a record for its own variant, nested payload fields included', () => {
    const v = queues.variants!;
    expect(variantProblems(v, { type: 1, payload: {} }, null)).toEqual([
      { field: 'payload.maxWaitTime', message: messages.required },
    ]);
    expect(variantProblems(v, { type: 1, payload: { maxWaitTime: 60 } }, null)).toEqual([]);
    expect(variantProblems(v, { type: 5, strategy: '', payload: { maxAttempts: 3 } }, null)).toEqual([
      { field: 'strategy', message: messages.required },
    ]);
    expect(variantProblems(v, { type: 9 }, null)).toEqual([
      { field: 'type', message: `${messages.oneOf} 0, 1, 2, 3, 4, 5, 6, 7, 8` },
    ]);
  });

  it('runs a variant schema on the fields it names and its own check', () => {
    const v = {
      field: 'kind',
      cases: [
        {
          key: 'a',
          value: 'a',
          schema: z.object({ port: int({ min: 1, max: 10 }) }),
          check: (r: Record<string, unknown>) => (r.port === 5 ? [{ field: 'port', message: 'five' }] : []),
        },
      ],
    };
    expect(variantProblems(v, { kind: 'a', port: 11 }, null)).toEqual([
      { field: 'port', message: `${messages.max} 10` },
    ]);
    expect(variantProblems(v, { kind: 'a', port: 5 }, null)).toEqual([{ field: 'port', message: 'five' }]);
  });

  it('refuses declarations that name no input field or repeat a common one', () => {
    const base = { ...queues, variants: undefined };
    expect(() => defineResource({ ...base, variants: { field: 'nope', cases: [] } })).toThrow(/discriminator nope/);
    expect(() =>
      defineResource({ ...base, variants: { field: 'type', cases: [{ key: 'x', value: 0, required: ['missing'] }] } }),
    ).toThrow(/names missing/);
    expect(() =>
      defineResource({
        ...base,
        variants: { field: 'type', cases: [{ key: 'x', value: 0, form: { fields: [{ field: 'name' }] } }] },
      }),
    ).toThrow(/repeats the common field name/);
    expect(() => defineResource({ ...base, variants: { field: 'type', cases: [dialing(1), dialing(1)] } })).toThrow(
      /declared twice/,
    );
  });
});
