import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import type { ApiFailure } from './api';

/** The shared API error handler: a notification with the response detail, else its message. */
export function notifyFailure(failure: ApiFailure): void {
  const text =
    failure.status === 0
      ? i18n.t('common.networkError')
      : (failure.body.detail ?? failure.body.message ?? failure.message);
  notifications.show({ color: 'red', title: i18n.t('common.error'), message: text, autoClose: 8000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', title: i18n.t('common.success'), message });
}
