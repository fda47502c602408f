import { filterParams, type ListFilter, queueMembers } from '@switchboard/model';
import type { TFunction } from 'i18next';
import { formatCount, formatDateTime, localeOf } from '../../locale';

/** What the sentence needs of an entry. */
type Entry = { object: string; oldState: unknown; newState: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The noun of the rows a bulk change counts, by the resource it loaded or changed. */
const NOUN: Record<string, string> = {
  queueMembers: 'members',
  blacklistNumbers: 'numbers',
  resourceDisplays: 'numbers',
};

/**
 * "434 members" as the interface language says it: the plural form by the language's rules
 * (Intl; `ua` is `uk` there), each form a key of its own (`one`, `few`, `many`, `other`) in every
 * language, so that the three locales hold the same keys.
 */
export function counted(t: TFunction, lang: string, noun: string, n: number): string {
  const form = new Intl.PluralRules(localeOf(lang)).select(n);
  return t(`logEntry.count.${noun}.${form}`, {
    n: formatCount(n, lang),
    defaultValue: t(`logEntry.count.${noun}.other`, { n: formatCount(n, lang) }),
  });
}

/** A filter value as one reads it: a date by the language, a list joined, a reference by its id. */
function valueText(t: TFunction, lang: string, filter: ListFilter | undefined, value: unknown): string {
  const one = (v: unknown): string => {
    const s = String(v);
    if (filter?.kind === 'enum') return t(`${filter.labels}.${s}`, { defaultValue: s });
    if (filter?.kind === 'ref') return `#${s}`;
    if (filter?.kind === 'dateRange') {
      const date = /^\d+$/.test(s) ? formatDateTime(Number(s), lang) : formatDateTime(s, lang);
      return date || s;
    }
    return s;
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

/**
 * The filter a bulk change of a queue's members was asked with (its list params), as a reader
 * sees it: "End cause = Abandoned, Timeout; Priority ≥ 2; search: smith".
 */
export function filterText(t: TFunction, lang: string, filter: Record<string, unknown>): string {
  const filters = queueMembers.filters ?? [];
  const parts: string[] = [];
  for (const [param, value] of Object.entries(filter)) {
    if (param === 'all') continue;
    if (param === 'q') {
      parts.push(`${t('logEntry.search')}: ${String(value)}`);
      continue;
    }
    if (param === 'id') {
      parts.push(`id = ${(Array.isArray(value) ? value : [value]).join(', ')}`);
      continue;
    }
    const owner = filters.find((f) => filterParams(f).includes(param));
    const label = owner ? t(`queueMembers.filters.${owner.key}`, { defaultValue: owner.key }) : param;
    const op =
      owner?.kind === 'dateRange' || owner?.kind === 'numberRange'
        ? param === filterParams(owner)[0]
          ? '≥'
          : '≤'
        : '=';
    parts.push(`${label} ${op} ${valueText(t, lang, owner, value)}`);
  }
  return parts.join('; ');
}

/** A bulk change's entry (`{bulk: {action, …}}` on its parent record), as a sentence. */
function bulkSentence(t: TFunction, lang: string, bulk: Record<string, unknown>): string | null {
  const noun = NOUN[String(bulk.resource ?? 'queueMembers')] ?? 'records';
  const what = counted(t, lang, noun, num(bulk.count));
  const file = typeof bulk.fileName === 'string' && bulk.fileName !== '' ? bulk.fileName : null;
  switch (bulk.action) {
    case 'import': {
      const text = file ? t('logEntry.import', { what, file }) : t('logEntry.importNoFile', { what });
      const failed = num(bulk.failed);
      const skipped = num(bulk.skipped);
      if (!failed && !skipped) return text;
      const rest = t('logEntry.importRest', { failed: formatCount(failed, lang), skipped: formatCount(skipped, lang) });
      return `${text} (${rest})`;
    }
    case 'add':
      return file ? t('logEntry.addFile', { what, file }) : t('logEntry.add', { what });
    case 'delete': {
      const filter = isObject(bulk.filter) ? bulk.filter : {};
      const shown = filterText(t, lang, filter);
      if (!shown) return t('logEntry.deleteAll', { what });
      return t('logEntry.deleteFiltered', { what, filter: shown });
    }
    case 'reset':
      return t('logEntry.reset', { what });
    default:
      return null;
  }
}

/** `{id, name}` of an agent an entry names, or null. */
const named = (v: unknown) => (isObject(v) && typeof v.id === 'number' ? String(v.name ?? `#${v.id}`) : null);

/**
 * An entry that says what happened in a sentence rather than in fields, or null for one whose
 * fields say it best: a bulk change on its parent (an import, members added, deleted or reset at
 * once), an agent joining or leaving a team, an agent gaining or losing a supervisor.
 */
export function entrySentence(t: TFunction, lang: string, entry: Entry): string | null {
  const after = isObject(entry.newState) ? entry.newState : null;
  const before = isObject(entry.oldState) ? entry.oldState : null;
  if (after && isObject(after.bulk)) return bulkSentence(t, lang, after.bulk);
  for (const field of ['member', 'subordinate'] as const) {
    const keys = [...Object.keys(after ?? {}), ...Object.keys(before ?? {})];
    if (!keys.length || keys.some((k) => k !== field)) continue;
    const joined = named(after?.[field]);
    const left = named(before?.[field]);
    if (joined) return t(`logEntry.${field}.added`, { name: joined });
    if (left) return t(`logEntry.${field}.removed`, { name: left });
  }
  return null;
}
