import { errorDetail, errorTexts } from '@switchboard/model';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import en from '../locales/en.json';
import { translateFailure } from './messages';

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
