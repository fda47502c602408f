import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

// The sign-in page names its tab through here: nothing here may import the navigation, which
// brings every resource's definition into the first load of /auth.

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
