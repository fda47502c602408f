import type { Language } from '@switchboard/model';
import type { Tree } from './bundle';
import en from './lang-en';

export type { Tree } from './bundle';

/**
 * The strings of each language. English, the default and the fallback, comes with the first page;
 * another language is a chunk of its own, loaded when it is chosen, so the first load carries one
 * language whichever number of screens the console has.
 */
const loaders: Record<Language, () => Promise<Tree>> = {
  en: async () => en,
  ru: async () => (await import('./lang-ru')).default,
  ua: async () => (await import('./lang-ua')).default,
};

/** The English strings, at hand without loading. */
export const english: Tree = en;

export const loadBundle = (lang: Language): Promise<Tree> => loaders[lang]();

/** Every language's strings (the checks that compare them). */
export async function allBundles(): Promise<Record<Language, Tree>> {
  const [ru, ua] = await Promise.all([loadBundle('ru'), loadBundle('ua')]);
  return { en, ru, ua };
}
