import { expect, test } from '../fixtures';

type Lang = 'ru' | 'ua';

const expected: Record<Lang, { name: string; account: string; password: string; save: string; message: string }> = {
  ru: {
    name: 'Имя',
    password: 'Пароль',
    account: 'Аккаунт',
    save: 'Сохранить',
    message: 'Запись «устройство» с таким значением поля «Аккаунт» уже существует.',
  },
  ua: {
    name: "Ім'я",
    password: 'Пароль',
    account: 'Обліковий запис',
    save: 'Зберегти',
    message: 'Запис «пристрій» з таким значенням поля «Обліковий запис» уже існує.',
  },
};

// A server refusal reaches a ru or ua user in their language, naming the device, not its table.
for (const lang of ['ru', 'ua'] as const) {
  test(`a duplicate device account is refused in ${lang}`, async ({ page, api, signedIn }) => {
    const account = `dup-${lang}-${Date.now().toString(36)}`;
    await api.call('POST', '/devices', { name: `first-${account}`, account, password: 'Sip-secret-1' });
    await signedIn.switchLanguage(lang);
    const words = expected[lang];
    await page.goto('/directory/devices/new');
    await page.getByRole('textbox', { name: words.name, exact: true }).fill(`second-${account}`);
    await page.getByRole('textbox', { name: words.account, exact: true }).fill(account);
    await page.getByRole('textbox', { name: words.password, exact: true }).fill('Sip-secret-1');
    await page.getByRole('button', { name: words.save }).click();
    const notice = page.locator('.mantine-Notification-root', { hasText: words.message });
    await expect(notice).toBeVisible();
    // The same words under the account field.
    await expect(page.locator('main').getByText(words.message)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`duplicate-device-${lang}.png`) });
  });
}

const license: Record<Lang, { import: string; dialog: string; text: string; button: string; message: string }> = {
  ru: {
    import: 'Импорт',
    dialog: 'Импорт лицензии',
    text: 'Текст лицензии',
    button: 'Импортировать лицензию',
    message: 'Это не документ лицензии Switchboard.',
  },
  ua: {
    import: 'Імпорт',
    dialog: 'Імпорт ліцензії',
    text: 'Текст ліцензії',
    button: 'Імпортувати ліцензію',
    message: 'Це не документ ліцензії Switchboard.',
  },
};

// A refusal the server keys (not a field check the console knows) is said from the locale too.
for (const lang of ['ru', 'ua'] as const) {
  test(`a text that is no license is refused in ${lang}`, async ({ page, signedIn }) => {
    await signedIn.switchLanguage(lang);
    const words = license[lang];
    await page.goto('/directory/license');
    await page.getByRole('button', { name: words.import, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.dialog });
    await dialog.getByRole('textbox', { name: words.text }).fill('not a license');
    await dialog.getByRole('button', { name: words.button }).click();
    await expect(dialog.getByRole('alert')).toContainText(words.message);
    await page.screenshot({ path: test.info().outputPath(`license-refused-${lang}.png`) });
  });
}
