import { type MessageKey, messages } from '@switchboard/model';
import type { TFunction } from 'i18next';

const KEYS = Object.entries(messages) as [MessageKey, string][];

/** A server message: its English text, and the locale key with parameters when the server keyed it. */
export type Keyed = { message: string; key?: string; params?: Record<string, string | number> };

/**
 * Keyed server messages are said from the locales; their `resource`, `right`, `field` and
 * `permission` parameters are names, said with the locale's own words for them.
 */
function translateKeyed(t: TFunction, key: string, params: Record<string, string | number> = {}): string {
  const words: Record<string, string | number> = { ...params };
  if (params.resource !== undefined)
    words.resource = t(`errors.nouns.${params.resource}`, { defaultValue: t('errors.nouns.record') });
  if (params.right !== undefined)
    words.right = t(`errors.rights.${params.right}`, { defaultValue: String(params.right) });
  if (params.field !== undefined) words.field = t(`fields.${params.field}`, { defaultValue: String(params.field) });
  if (params.permission !== undefined)
    words.permission = t(`roles.permission.${params.permission}`, { defaultValue: String(params.permission) });
  return t(key, words);
}

/**
 * Validation messages arrive as the model's English texts (from zod or from the API). The locales
 * hold them under `validation.<key>`; a limit message carries its number after the text
 * ("Value should be at least 3"), which is kept. A message the server keyed is said from its key.
 */
export function translateMessage(t: TFunction, message: string | Keyed): string {
  if (typeof message !== 'string') {
    if (message.key && t(message.key, { defaultValue: '' })) return translateKeyed(t, message.key, message.params);
    return translateMessage(t, message.message);
  }
  for (const [key, text] of KEYS) {
    if (message === text) return t(`validation.${key}`);
    if (message.startsWith(`${text} `)) return `${t(`validation.${key}`)} ${message.slice(text.length + 1)}`;
  }
  return message;
}

/** The text of a failed API call in the user's language: its keyed message, else its field errors, else `detail`. */
export function translateFailure(
  t: TFunction,
  body: { detail?: string; message?: string; key?: string; params?: Record<string, string | number>; fields?: Keyed[] },
  fallback: string,
): string {
  const detail = body.detail ?? body.message ?? fallback;
  if (body.key) return translateMessage(t, { message: detail, key: body.key, params: body.params });
  if (body.fields?.some((f) => f.key)) return body.fields.map((f) => translateMessage(t, f)).join('; ');
  return detail;
}
