import type { Language } from '@switchboard/model';

/** A translation tree: nested keys ending in texts. */
export type Tree = { [key: string]: string | Tree };

/**
 * Each area keeps its own strings beside its screens (`areas/<area>/locales/<lang>.json`), so
 * adding a resource edits its area's file, never one file every change touches; parts of the kit
 * with many strings keep them beside their code too (`kit/<part>/locales/<lang>.json`). The shared
 * texts (shell, kit, fields, validation, errors) stay here. Top-level keys of two files never clash.
 * Each language's module (`lang-<lang>.ts`) gathers its files by path.
 */
export type AreaFiles = Record<string, Tree>;

/**
 * A resource that needs no screens of its own keeps all its strings in one file beside its area,
 * `areas/<area>/<resource>.i18n.json`, one tree per language: its own namespace and its entries
 * in shared trees (`nav.entries.<key>`, `errors.nouns.<name>`), merged in where no file has them.
 */
const resourceFiles = import.meta.glob<Record<Language, Tree>>('../areas/*/*.i18n.json', {
  eager: true,
  import: 'default',
});

/** Adds `tree` into `out` key by key; a text that is there already is a clash. */
function merge(out: Tree, tree: Tree, file: string, path = '') {
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    const there = out[key];
    if (typeof value === 'object' && typeof there === 'object') {
      out[key] = { ...there };
      merge(out[key] as Tree, value, file, at);
    } else if (there !== undefined) {
      throw new Error(`${file}: the key ${at} is defined twice`);
    } else out[key] = value;
  }
}

export function bundle(lang: Language, shared: Tree, areaFiles: AreaFiles): Tree {
  const out: Tree = { ...shared };
  for (const [file, tree] of Object.entries(areaFiles)) {
    if (!file.endsWith(`/${lang}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in out) throw new Error(`${file}: the key ${key} is defined twice`);
      out[key] = value;
    }
  }
  for (const [file, langs] of Object.entries(resourceFiles)) {
    if (!langs[lang]) throw new Error(`${file}: no ${lang} strings`);
    merge(out, langs[lang], file);
  }
  return out;
}
