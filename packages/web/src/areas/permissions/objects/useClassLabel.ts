import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compareNames } from '../../../locale';

/** An object class by its translated name (`cc_agent` → Agents), and an order by that name. */
export function useClassLabel() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const label = (cls: string) => t(`objects.classes.${cls}`, { defaultValue: cls });
    const byName = compareNames(i18n.language);
    return { label, compare: (a: string, b: string) => byName(label(a), label(b)) };
  }, [t, i18n.language]);
}
