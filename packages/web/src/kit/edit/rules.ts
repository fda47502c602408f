import type { TFunction } from 'i18next';

/**
 * A @mantine/form rule: the field must not be empty ("This field is required"). `trim`: blanks
 * alone count as empty (names); a password is taken as typed.
 */
export const filled =
  (t: TFunction, { trim = false } = {}) =>
  (value: string) =>
    (trim ? value.trim() : value) ? null : t('validation.required');
