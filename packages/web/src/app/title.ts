import { NAVIGATION } from '@switchboard/model';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab names the screen first, then the product ("Devices · Switchboard"). Undefined
 * leaves the title to a screen inside (the not-found page under the admin layout).
 */
export function useDocumentTitle(screen: string | undefined) {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    if (screen !== undefined) document.title = `${screen} · ${product}`;
  }, [screen, product]);
}

/** The navigation entry a path belongs to: the entry itself or any screen below it (its editors). */
export function navEntryOf(pathname: string) {
  let found: (typeof NAVIGATION)[number]['entries'][number] | null = null;
  for (const entry of NAVIGATION.flatMap((s) => s.entries)) {
    const inside = pathname === entry.route || pathname.startsWith(`${entry.route}/`);
    if (inside && (!found || entry.route.length > found.route.length)) found = entry;
  }
  return found;
}
