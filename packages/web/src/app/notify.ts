import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { translateFailure } from '../kit/messages';
import type { ApiFailure } from './api';

/** The shared API error handler: a notification with the response's message in the user's language. */
export function notifyFailure(failure: ApiFailure): void {
  const text =
    failure.status === 0 ? i18n.t('common.networkError') : translateFailure(i18n.t, failure.body, failure.message);
  notifications.show({ color: 'red', title: i18n.t('common.error'), message: text, autoClose: 8000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', title: i18n.t('common.success'), message });
}
