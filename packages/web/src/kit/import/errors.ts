import type { ImportItem } from '@switchboard/model';
import type { TFunction } from 'i18next';
import { translateMessage } from '../messages';

/** Why an import failed or stopped, in the user's language (its `errorKey`), else the server's English. */
export function importErrorText(t: TFunction, item: Pick<ImportItem, 'error' | 'errorKey' | 'errorParams'>) {
  if (!item.errorKey) return item.error;
  const key = item.errorKey.startsWith('errors.') ? item.errorKey : `errors.${item.errorKey}`;
  return translateMessage(t, { message: item.error ?? '', key, params: item.errorParams ?? undefined });
}
