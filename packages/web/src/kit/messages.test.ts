import { errorDetail, errorTexts } from '@switchboard/model';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import { allBundles } from '../locales';
import { translateFailure } from './messages';

// The bundles as the console loads them: shared strings and each feature's own files (a
// feature's keyed messages may live beside its screens).
const { en, ru, ua } = await allBundles();

const conflict = {
  detail: 'A device with this account already exists.',
  key: 'errors.conflict',
  params: { resource: 'devices', field: 'account' },
};

describe('server messages in the user language', () => {
  afterAll(() => setLanguage('en'));

  it('holds every keyed server message, the English one as the server says it', () => {
    for (const [key, text] of Object.entries(errorTexts)) {
      expect((en.errors as Record<string, unknown>)[key], key).toBe(text.replace('{{permission}}', '“{{permission}}”'));
    }
    // The console names the field by its form label.
    expect(translateFailure(i18n.t, conflict, '')).toBe('A device with this Account already exists.');
    expect(errorDetail('conflict', conflict.params)).toBe(conflict.detail);
  });

  it('says every keyed server message in ru and ua, with the parameters of the English one', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(errorTexts)) {
      for (const [lang, bundle] of Object.entries({ ru, ua })) {
        const said = (bundle.errors as Record<string, unknown>)[key];
        expect(typeof said, `${lang} errors.${key}`).toBe('string');
        expect(said, `${lang} errors.${key}`).not.toBe(text);
        expect(names(said as string), `${lang} errors.${key}`).toEqual(names(text));
      }
    }
  });

  it('says a permission parameter by its name in the locale', async () => {
    const body = { detail: 'x', key: 'errors.userRolesPermission', params: { permission: 'manageUserRoles' } };
    expect(translateFailure(i18n.t, body, '')).toBe('Changing user roles needs the “Manage user roles” permission.');
    await setLanguage('ru');
    expect(translateFailure(i18n.t, body, '')).toBe(
      'Для изменения ролей пользователя нужно разрешение «Управление ролями пользователей».',
    );
    await setLanguage('en');
  });

  it('says a conflict, a missing right and a field error in ru and ua with the resource own name', async () => {
    const right = { detail: 'x', key: 'errors.recordRight', params: { right: 'w', resource: 'calendars' } };
    const audio = { detail: 'file: x', fields: [{ field: 'file', message: 'x', key: 'errors.audioOnly' }] };
    await setLanguage('ru');
    expect(translateFailure(i18n.t, conflict, '')).toBe(
      'Запись «устройство» с таким значением поля «Аккаунт» уже существует.',
    );
    expect(translateFailure(i18n.t, right, '')).toBe('У вас нет права «изменение» на эту запись «календарь».');
    expect(translateFailure(i18n.t, audio, '')).toBe('Принимаются только аудиофайлы: WAV, MP3 или Ogg.');
    await setLanguage('ua');
    expect(translateFailure(i18n.t, conflict, '')).toMatch(
      /^Запис «пристрій» з таким значенням поля «.+» уже існує\.$/,
    );
    expect(translateFailure(i18n.t, { detail: 'No such thing.' }, '')).toBe('No such thing.');
  });
});
