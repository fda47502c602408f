import {
  formTabs,
  QUEUE_TYPES,
  queueAgents,
  queueAttempts,
  queueBuckets,
  queueHooks,
  queueResourceGroups,
  queueSkills,
  type ResourceDef,
} from '@switchboard/model';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { allBundles, type Tree } from '../../../locales';
import { queueSubListTabs } from './sub-list-tabs';

const bundles = await allBundles();
const text = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** Every key the tab lists and editors of a sub-list read. */
function keysOf(def: ResourceDef): string[] {
  const keys = [`${def.name}.title`];
  for (const c of def.columns) {
    keys.push(`fields.${c.field}`);
    if (c.kind === 'enum') {
      const filter = def.filters?.find((f) => f.key === c.field);
      const field =
        def.form &&
        formTabs(def.form)
          .flatMap((t) => t.fields)
          .find((f) => f.field === c.field);
      const options = filter?.kind === 'enum' ? filter.options : (field?.options ?? []);
      for (const o of options) keys.push(`${def.name}.options.${c.field}.${o}`);
    }
  }
  for (const f of def.filters ?? []) keys.push(`${def.name}.filters.${f.key}`);
  if (def.form) {
    keys.push(`${def.name}.new`);
    for (const f of formTabs(def.form).flatMap((t) => t.fields)) {
      keys.push(`fields.${f.field}`);
      for (const o of f.options ?? []) keys.push(`${def.name}.options.${f.field}.${o}`);
    }
  }
  return keys;
}

describe('queue sub-list tabs', () => {
  const t = ((key: string) => key) as unknown as TFunction;

  it('show the type tabs, hooks and logs, each once the queue is saved', () => {
    expect(queueSubListTabs(t, 8).map((tab) => tab.key)).toEqual(['buckets', 'hooks', 'logs']);
    expect(queueSubListTabs(t, 1).map((tab) => tab.key)).toEqual(['agents', 'skills', 'hooks', 'logs']);
    for (const { code } of QUEUE_TYPES) {
      for (const tab of queueSubListTabs(t, code)) {
        expect(tab.savedOnly).toBe(true);
        expect(tab.label).toBe(`queueSubLists.tabs.${tab.key}`);
      }
    }
  });

  it.each(
    [queueSkills, queueBuckets, queueResourceGroups, queueHooks, queueAgents, queueAttempts].map((d) => [d.name, d]),
  )('have every label of %s in en, ru and ua, in the language', (_name, def) => {
    const keys = [
      ...keysOf(def as ResourceDef),
      ...['agents', 'skills', 'resources', 'buckets', 'hooks', 'logs'].map((k) => `queueSubLists.tabs.${k}`),
    ];
    for (const [lang, tree] of Object.entries(bundles)) {
      const missing = keys.filter((k) => !text(tree as Tree, k)?.trim());
      expect(missing, lang).toEqual([]);
    }
    // ru and ua are translations, not the English words.
    for (const key of keys.filter((k) => k.startsWith('queue'))) {
      expect(text(bundles.ua as Tree, key), key).not.toBe(text(bundles.en as Tree, key));
    }
  });
});
