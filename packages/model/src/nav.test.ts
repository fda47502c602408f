import { describe, expect, it } from 'vitest';
import { licenses } from './directory/licenses.js';
import { checkFilters } from './filters.js';
import { RESOURCES } from './index.js';
import { media } from './lookups/media.js';
import { NAVIGATION } from './nav.js';
import { AREAS } from './resource.js';

describe('navigation from the definitions', () => {
  it('has one section per area, in the spec order', () => {
    expect(NAVIGATION.map((s) => s.area)).toEqual([...AREAS]);
  });

  it('lists every top-level resource at its route under its area, guarded by the class that guards reading it', () => {
    const entries = NAVIGATION.flatMap((s) => s.entries.map((e) => ({ ...e, area: s.area })));
    for (const def of [...RESOURCES, licenses, media]) {
      const entry = entries.find((e) => e.route === def.route);
      expect(entry, def.name).toBeDefined();
      expect(entry?.area).toBe(def.area);
      if (def.objClass) expect(entry?.cls).toBe(def.objClass);
    }
  });
});

describe('declared list filters', () => {
  it('refuses a param taken by another filter or by the standard list params', () => {
    expect(() => checkFilters('x', [{ kind: 'enum', key: 'page', options: ['a'] }])).toThrow(/page is taken/);
    expect(() =>
      checkFilters('x', [
        { kind: 'dateRange', key: 'at', from: 'from', to: 'to' },
        { kind: 'numberRange', key: 'n', min: 'from', max: 'max' },
      ]),
    ).toThrow(/from is taken/);
    expect(() =>
      checkFilters('x', [
        { kind: 'ref', key: 'user', path: '/users' },
        { kind: 'numberRange', key: 'n', min: 'min', max: 'max' },
      ]),
    ).not.toThrow();
  });
});
