import { type MessageKey, messages } from '@switchboard/model';
import type { TFunction } from 'i18next';

const KEYS = Object.entries(messages) as [MessageKey, string][];

/**
 * Validation messages arrive as the model's English texts (from zod or from the API). The locales
 * hold them under `validation.<key>`; a limit message carries its number after the text
 * ("Value should be at least 3"), which is kept.
 */
export function translateMessage(t: TFunction, message: string): string {
  for (const [key, text] of KEYS) {
    if (message === text) return t(`validation.${key}`);
    if (message.startsWith(`${text} `)) return `${t(`validation.${key}`)} ${message.slice(text.length + 1)}`;
  }
  return message;
}
