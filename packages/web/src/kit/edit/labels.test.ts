import { type FormField, formTabs, RESOURCES, type ResourceDef } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { allBundles, type Tree } from '../../locales';
import { fieldKey } from '../path';

const bundles = await allBundles();

const has = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '';
};

/** Keys of one field: its label, its options, the add button and columns of rows. */
function fieldKeys(def: ResourceDef, f: FormField): string[] {
  const keys = [f.label ?? fieldKey(f.field)];
  if (f.addLabel) keys.push(f.addLabel);
  for (const o of f.options ?? []) keys.push(`${def.name}.options.${f.field}.${o}`);
  for (const c of f.columns ?? []) keys.push(...fieldKeys(def, c));
  return keys;
}

/** The generic screens build their keys from the definition, so no literal key is there to check. */
function keysOf(def: ResourceDef): string[] {
  if (!def.form) return [];
  // A resource with variants titles a new record by its variant (the screen passes that key).
  const keys = [`${def.name}.title`, 'kit.general', ...(def.variants ? [] : [`${def.name}.new`])];
  for (const c of def.columns) keys.push(c.label ?? fieldKey(c.field));
  const forms = [def.form, ...(def.variants?.cases ?? []).map((c) => c.form)];
  for (const form of forms) {
    if (!form) continue;
    for (const tab of formTabs(form)) {
      if ('tabs' in form && tab.key !== 'general') keys.push(`${def.name}.tabs.${tab.key}`);
      for (const f of tab.fields) keys.push(...fieldKeys(def, f));
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
