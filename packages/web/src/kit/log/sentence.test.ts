import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { allBundles } from '../../locales';
import { counted, entrySentence } from './sentence';

const bundles = await allBundles();
const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(Object.entries(bundles).map(([lang, tree]) => [lang, { translation: tree }])),
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
const tOf = (lang: string): TFunction => i18n.getFixedT(lang);
const say = (lang: string, newState: unknown, oldState: unknown = null) =>
  entrySentence(tOf(lang), lang, { object: 'queues', newState, oldState });

describe('change-log sentences', () => {
  it("says a bulk change of a queue's members in a sentence", () => {
    expect(say('en', { bulk: { action: 'delete', filter: { cause: ['abandoned', 'timeout'] }, count: 120 } })).toBe(
      'Deleted 120 members (filter: End cause = Abandoned, Timeout)',
    );
    expect(say('en', { bulk: { action: 'delete', filter: { all: 'true' }, count: 1 } })).toBe('Deleted all 1 member');
    expect(
      say('en', { bulk: { action: 'delete', filter: { q: 'smith', priorityFrom: '2', bucket: '4' }, count: 3 } }),
    ).toBe('Deleted 3 members (filter: search: smith; Priority ≥ 2; Bucket = #4)');
    expect(say('en', { bulk: { action: 'reset', count: 12 } })).toBe('Put 12 members back to waiting');
    expect(say('en', { bulk: { action: 'add', fileName: 'crm.json', count: 2 } })).toBe(
      'Added 2 members from crm.json through the API',
    );
    expect(say('en', { bulk: { action: 'add', fileName: '', count: 2 } })).toBe('Added 2 members through the API');
  });

  it('says an import, with what failed or was skipped', () => {
    const bulk = { action: 'import', resource: 'queueMembers', fileName: 'members.csv', mode: 'all', failed: 0 };
    expect(say('en', { bulk: { ...bulk, count: 434, skipped: 0 } })).toBe('Imported 434 members from members.csv');
    expect(say('en', { bulk: { ...bulk, resource: 'blacklistNumbers', count: 1, failed: 2, skipped: 3 } })).toBe(
      'Imported 1 number from members.csv (failed: 2, skipped: 3)',
    );
    expect(say('en', { bulk: { ...bulk, resource: 'resourceDisplays', count: 5000, skipped: 0 } })).toBe(
      'Imported 5,000 numbers from members.csv',
    );
  });

  it('takes the plural forms of ru and ua (Intl knows ua as uk)', () => {
    const imported = (lang: string, count: number) =>
      say(lang, { bulk: { action: 'import', resource: 'queueMembers', fileName: 'm.csv', count } });
    expect(imported('ru', 1)).toBe('Импорт из m.csv: 1 участник');
    expect(imported('ru', 3)).toBe('Импорт из m.csv: 3 участника');
    expect(imported('ru', 434)).toBe('Импорт из m.csv: 434 участника');
    expect(imported('ru', 120)).toBe('Импорт из m.csv: 120 участников');
    expect(imported('ua', 21)).toBe('Імпорт з m.csv: 21 учасник');
    expect(imported('ua', 22)).toBe('Імпорт з m.csv: 22 учасники');
    expect(imported('ua', 25)).toBe('Імпорт з m.csv: 25 учасників');
    expect(counted(tOf('ua'), 'ua', 'numbers', 1.5)).toBe('1,5 номера');
    expect(say('ru', { bulk: { action: 'delete', filter: { cause: 'timeout' }, count: 5 } })).toBe(
      'Удаление по фильтру (Причина завершения = Тайм-аут): 5 участников',
    );
  });

  it('says an agent joining or leaving a team or a supervisor', () => {
    const agent = { id: 9, name: 'Ann' };
    expect(say('en', { member: agent }, { member: null })).toBe('Agent Ann joined the team');
    expect(say('en', { member: null }, { member: agent })).toBe('Agent Ann left the team');
    expect(say('ua', { subordinate: agent }, { subordinate: null })).toBe(
      'Оператор Ann тепер підпорядковується цьому супервізору',
    );
  });

  it('leaves an ordinary change to its fields', () => {
    expect(say('en', { id: 3, name: 'Sales', member: { id: 1 } }, { id: 3, name: 'Old' })).toBeNull();
    expect(say('en', { id: 3, bulk: 'not a bulk change' })).toBeNull();
    expect(say('en', null, { id: 3 })).toBeNull();
  });
});
