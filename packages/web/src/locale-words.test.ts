import { LANGUAGES, NAVIGATION } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { allBundles, type Tree } from './locales';

const bundles = await allBundles();

/**
 * The namespace of each entry's screen where it differs from the entry's key; an entry whose
 * namespace has no `title` has no screen of its own yet.
 */
const SCREEN_OF: Record<string, string> = {
  license: 'licenses',
  flow: 'flows',
  blacklist: 'blacklists',
  communications: 'communicationTypes',
  pauseCause: 'pauseCauses',
};

const text = (tree: Tree, path: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

describe('screen names', () => {
  // English says "Flow" in the navigation and "Flows" over the list; ru and ua must at least
  // not name one screen with two different words ("Outbound routing" against "Dialplan").
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`names each screen in ${lang} with the navigation's word`, () => {
      const bundle = bundles[lang];
      const mismatches = NAVIGATION.flatMap((s) => s.entries).flatMap((entry) => {
        const title = text(bundle, `${SCREEN_OF[entry.key] ?? entry.key}.title`);
        const nav = text(bundle, `nav.entries.${entry.key}`);
        return title === undefined || title === nav ? [] : [`${entry.key}: ${nav} / ${title}`];
      });
      expect(mismatches).toEqual([]);
    });
  }
});
