import type { Language } from '@switchboard/model';
import en from './en.json';
import ru from './ru.json';
import ua from './ua.json';

/** A translation tree: nested keys ending in texts. */
export type Tree = { [key: string]: string | Tree };

/**
 * Each area keeps its own strings beside its screens (`areas/<area>/locales/<lang>.json`), so
 * adding a resource edits its area's file, never one file every change touches. The shared texts
 * (shell, kit, fields, validation, errors) stay here. Top-level keys of two files never clash.
 */
const areaFiles = {
  ...import.meta.glob<Tree>('../areas/*/locales/*.json', { eager: true, import: 'default' }),
  // Parts of the kit with many strings of their own keep them beside their code too.
  ...import.meta.glob<Tree>('../kit/*/locales/*.json', { eager: true, import: 'default' }),
};

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

function bundle(lang: Language, shared: Tree): Tree {
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

export const bundles: Record<Language, Tree> = { en: bundle('en', en), ru: bundle('ru', ru), ua: bundle('ua', ua) };
