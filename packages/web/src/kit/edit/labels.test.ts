import { formTabs, RESOURCES } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { bundles, type Tree } from '../../locales';
import { fieldKey } from '../path';

const has = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '';
};

/** The generic screens build their keys from the definition, so no literal key is there to check. */
function keysOf(def: (typeof RESOURCES)[number]): string[] {
  if (!def.form) return [];
  const keys = [`${def.name}.title`, `${def.name}.new`, 'kit.general'];
  for (const c of def.columns) keys.push(fieldKey(c.field));
  const tabs = formTabs(def.form);
  for (const tab of tabs) {
    if ('tabs' in def.form) keys.push(`${def.name}.tabs.${tab.key}`);
    for (const f of tab.fields) {
      keys.push(fieldKey(f.field));
      for (const o of f.options ?? []) keys.push(`${def.name}.options.${f.field}.${o}`);
    }
  }
  return keys;
}

describe('enum columns', () => {
  const selects = (def: (typeof RESOURCES)[number]) =>
    def.form ? formTabs(def.form).flatMap((tab) => tab.fields.filter((f) => f.kind === 'select' && f.options)) : [];
  it.each(RESOURCES.map((d) => [d.name, d] as const))('of %s use the labels of the form', (_name, def) => {
    const choices = new Set(selects(def).map((f) => f.field));
    for (const column of def.columns) {
      // A column of a field the form offers as a choice shows the same words, never the raw value.
      if (choices.has(column.field)) expect(column.kind, column.field).toBe('enum');
      if (column.kind === 'enum') expect(choices.has(column.field), column.field).toBe(true);
    }
  });
});

describe('labels of the generic screens', () => {
  const withForm = RESOURCES.filter((d) => d.form);
  it('exist for some resource (regions at least)', () => {
    expect(withForm.map((d) => d.name)).toContain('regions');
  });
  it.each(withForm.map((d) => [d.name, d] as const))('exist in en, ru and ua for %s', (_name, def) => {
    for (const [lang, tree] of Object.entries(bundles)) {
      const missing = keysOf(def).filter((k) => !has(tree as Tree, k));
      expect(missing, lang).toEqual([]);
    }
  });
});
