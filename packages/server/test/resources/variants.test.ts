import { messages, RESOURCES, type ResourceDef, type VariantDef } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { fixtureOf } from './fixtures.js';

type Item = Record<string, unknown> & { id: number };

/** An empty value of the kind a required field holds. */
const emptied = (value: unknown) => (typeof value === 'string' ? '' : Array.isArray(value) ? [] : null);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value at a dotted path (`metadata.token`). */
const at = (body: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), body);

/**
 * The top field of a dotted path with the value under it emptied (or set to `value`), the rest of
 * its object kept.
 */
function emptiedAt(body: Record<string, unknown>, path: string, value?: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { [head]: value === undefined ? emptied(body[head]) : value };
  const inner = isObject(body[head]) ? body[head] : {};
  return { [head]: { ...inner, ...emptiedAt(inner, rest.join('.'), value) } };
}

const withVariants = RESOURCES.filter((def) => def.variants);

/**
 * The generated suite of typed variants: for every resource with a discriminator, once per
 * variant, a valid record of that variant is stored with the variant's defaults, and a record that
 * lacks a field its variant requires is refused naming it, on create and on a PATCH that would
 * leave the stored record without it.
 */
describe.each(drivers())('generated variant suite on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(async () => {
    token = s.adminToken;
  });

  it('covers some resource (SIP gateways at least)', () => {
    expect(withVariants.map((d) => d.name)).toContain('sipGateways');
  });

  const cases = withVariants.flatMap((def) =>
    (def.variants?.cases ?? []).map((c) => [`${def.name} ${c.key}`, def, c] as [string, ResourceDef, VariantDef]),
  );
  describe.each(cases)('%s', (_name, def, variant) => {
    const fx = fixtureOf(def);
    const base = `/api${def.path}`;
    const body = (prefix: string) => {
      const make = fx.variants?.[variant.key];
      if (!make) throw new Error(`${def.name}: the fixture has no body of variant ${variant.key}`);
      return make(prefix);
    };
    beforeAll(async () => {
      await fx.prepare?.(s, token);
    });

    it('stores a record of the variant with its defaults', async () => {
      const sent = body('variant');
      const res = await s.request('POST', base, { token, body: sent });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const item = res.body as Item;
      expect(item[def.variants!.field]).toEqual(variant.value);
      for (const [key, value] of Object.entries(variant.defaults ?? {})) {
        // A nested settings object takes the defaults of the keys the request left out of it.
        if (isObject(value)) {
          const given = isObject(sent[key]) ? sent[key] : {};
          const stored = isObject(item[key]) ? item[key] : {};
          for (const [inner, v] of Object.entries(value))
            if (!(inner in given)) expect(stored[inner], inner).toEqual(v);
        } else if (!(key in sent)) expect(item[key], key).toEqual(value);
      }
    });

    it('refuses a created record without a field the variant requires, naming it', async () => {
      for (const field of variant.required ?? []) {
        const sent = body('lacking');
        const res = await s.request('POST', base, { token, body: { ...sent, ...emptiedAt(sent, field) } });
        expect(res.status, field).toBe(400);
        expect(res.body.fields, field).toContainEqual({ field, message: messages.required });
      }
    });

    it('refuses a PATCH that would leave the stored record without a required field', async () => {
      if (!def.ops.patch) return;
      const created = await s.request('POST', base, { token, body: body('patched') });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const item = created.body as Item;
      const secrets = def.variants!.secrets?.fields ?? [];
      for (const field of variant.required ?? []) {
        // A secret is never answered, so a client sends it back empty: that keeps the stored one.
        const secret = secrets.includes(field);
        const res = await s.request('PATCH', `${base}/${item.id}`, {
          token,
          body: emptiedAt(item, field, secret ? '' : undefined),
        });
        if (secret) {
          expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(200);
          continue;
        }
        expect(res.status, field).toBe(400);
        expect(res.body.fields, field).toContainEqual({ field, message: messages.required });
      }
      // Any other variant's record turned into this one without its required fields is refused too.
      const other = def.variants!.cases.find((c) => c.key !== variant.key && fx.variants?.[c.key]);
      const lacking = (variant.required ?? []).filter(
        (f) => other && at(fx.variants?.[other.key]?.('x') ?? {}, f) === undefined,
      );
      if (!other || lacking.length === 0) return;
      const made = await s.request('POST', base, { token, body: fx.variants![other.key]('switch') });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const res = await s.request('PATCH', `${base}/${made.body.id}`, {
        token,
        body: { [def.variants!.field]: variant.value },
      });
      expect(res.status).toBe(400);
      for (const field of lacking) expect(res.body.fields, field).toContainEqual({ field, message: messages.required });
    });
  });
});
