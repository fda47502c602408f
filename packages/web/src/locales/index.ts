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

function bundle(lang: Language, shared: Tree): Tree {
  const out: Tree = { ...shared };
  for (const [file, tree] of Object.entries(areaFiles)) {
    if (!file.endsWith(`/${lang}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in out) throw new Error(`${file}: the key ${key} is defined twice`);
      out[key] = value;
    }
  }
  return out;
}

export const bundles: Record<Language, Tree> = { en: bundle('en', en), ru: bundle('ru', ru), ua: bundle('ua', ua) };
