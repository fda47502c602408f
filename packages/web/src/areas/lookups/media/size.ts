import type { TFunction } from 'i18next';

/** A byte count as the list shows it: bytes, KB or MB (1024-based, one decimal). */
export function formatSize(t: TFunction, bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes < 1024) return t('media.sizeBytes', { n: bytes });
  if (bytes < 1024 * 1024) return t('media.sizeKb', { n: (bytes / 1024).toFixed(1) });
  return t('media.sizeMb', { n: (bytes / (1024 * 1024)).toFixed(1) });
}
