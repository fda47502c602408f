import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { translateFailure } from '../kit/messages';
import type { ApiFailure } from './api';

/** Where notifications appear: away from the header and the list toolbars they would cover. */
export const NOTIFICATION_POSITION = 'bottom-right';
const SUCCESS_CLOSE_MS = 4000;

/** Errors on screen by their text: the same failure again counts up on the one already shown. */
const shownErrors = new Map<string, { id: string; count: number }>();
let nextId = 0;

/**
 * An error notification with `text`. It stays until the user closes it (an error read too late
 * is an error missed); a repeat of one still on screen is merged into it with a count.
 */
export function notifyError(text: string): void {
  const shown = shownErrors.get(text);
  if (shown) {
    shown.count += 1;
    notifications.update({
      id: shown.id,
      color: 'red',
      title: i18n.t('common.errorRepeated', { n: shown.count }),
      message: text,
      autoClose: false,
    });
    return;
  }
  nextId += 1;
  const id = `error-${nextId}`;
  shownErrors.set(text, { id, count: 1 });
  notifications.show({
    id,
    color: 'red',
    title: i18n.t('common.error'),
    message: text,
    autoClose: false,
    withCloseButton: true,
    onClose: () => shownErrors.delete(text),
  });
}

/** The shared API error handler: a notification with the response's message in the user's language. */
export function notifyFailure(failure: ApiFailure): void {
  notifyError(
    failure.status === 0 ? i18n.t('common.networkError') : translateFailure(i18n.t, failure.body, failure.message),
  );
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', title: i18n.t('common.success'), message, autoClose: SUCCESS_CLOSE_MS });
}
