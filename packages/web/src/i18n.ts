import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@switchboard/model';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeOf } from './locale';
import { bundles } from './locales';

/** The three interface languages are small enough to ship with the first load. */
export const resources = {
  en: { translation: bundles.en },
  ru: { translation: bundles.ru },
  ua: { translation: bundles.ua },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

i18next.use(initReactI18next).init({
  resources,
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
