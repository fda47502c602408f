import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@switchboard/model';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeOf } from './locale';
import { english, loadBundle } from './locales';

/** Hands i18next a language's strings when it first needs them (see `locales/index.ts`). */
const lazyStrings: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, done) => {
    if (!isLanguage(language)) return done(null, {});
    loadBundle(language).then(
      (tree) => done(null, tree),
      (error: Error) => done(error, null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * Resolves once the stored language's strings are in (at once for English, which comes with the
 * first page); start-up waits for it before the first render.
 */
export const i18nReady = i18next
  .use(lazyStrings)
  .use(initReactI18next)
  .init({
    // English is bundled; with partialBundledLanguages the backend still loads the others.
    resources: { [DEFAULT_LANGUAGE]: { translation: english } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });

document.documentElement.lang = localeOf(i18next.language);

/** Switches the interface language and remembers it for the next visit. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = localeOf(lang);
}

export { i18next as i18n };
