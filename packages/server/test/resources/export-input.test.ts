import { NESTED_RESOURCES, nestedPath, RESOURCES, type ResourceDef } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { fixtureOf } from './fixtures.js';

/**
 * Every CSV export checks its query before the stream starts: a value the database cannot take
 * (a NUL in the search, an id or a time beyond its range) is a 400 naming the field, never a 500
 * nor a cut stream.
 */
const EXPORTS = [...RESOURCES, ...NESTED_RESOURCES].filter((def) => def.export);
/** The change-log exports' own filters. */
const LOG_FILTERS: Record<string, string> = { user: '4294967296', from: '1e300', to: '-5', action: '\0' };

describe.each(drivers())('export input checks on %s', (driver) => {
  const s = useTestServer(driver);

  it('covers the six exports', () => {
    expect(EXPORTS.map((d) => d.name).sort()).toHaveLength(6);
  });

  describe.each(EXPORTS.map((def) => [def.name, def] as [string, ResourceDef]))('%s', (_name, def) => {
    it('answers 400 naming the field for a NUL search and out-of-range filters', async () => {
      const fx = fixtureOf(def);
      await fx.prepare?.(s, s.adminToken);
      const base = fx.parent ? `/api${nestedPath(def, await fx.parent(s, s.adminToken))}` : `/api${def.path}`;
      const get = (query: Record<string, string>) =>
        fetch(`${s.url}${base}/export.csv?${new URLSearchParams(query)}`, {
          headers: { authorization: `Bearer ${s.adminToken}` },
        });
      const cases: [string, string][] = [
        ['q', '\0'],
        ['id', '4294967296'],
      ];
      for (const f of def.filters ?? []) {
        if (f.kind === 'ref') cases.push([f.key, '4294967296']);
        if (f.kind === 'dateRange') cases.push([f.from, '1e300']);
        if (f.kind === 'numberRange') cases.push([f.min, '1e400']);
      }
      if (def.name === 'loggerConfigLogs') cases.push(...Object.entries(LOG_FILTERS));
      for (const [field, value] of cases) {
        const res = await get({ [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/json/);
        const body = (await res.json()) as { fields?: { field: string }[]; detail: string };
        expect(body.fields?.[0]?.field ?? body.detail, `${field}=${JSON.stringify(value)}`).toBe(field);
      }
      expect((await get({})).status).toBe(200);
    });
  });
});
