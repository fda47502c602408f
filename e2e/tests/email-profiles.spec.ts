import { expect, test } from '../fixtures';
import { EmailProfileEditPage, EmailProfilesListPage } from '../pages/EmailProfilePages';
import { MAIL_SERVERS } from '../playwright.config';

const PATH = '/email/profile';
type Profile = { id: number; enabled: boolean; passwordSet: boolean };

test('an email profile is created against the local mail servers and its connection works', async ({
  page,
  signedIn,
  api,
}) => {
  const flow = await api.call<{ id: number }>('POST', '/routing/schema', {
    name: 'e2e mail flow',
    type: 'service',
    schema: [],
  });
  const list = new EmailProfilesListPage(page);
  const editor = new EmailProfileEditPage(page);
  let id = 0;
  try {
    await signedIn.open('emailProfiles');
    await expect(page.getByRole('heading', { name: 'Email profiles' })).toBeVisible();
    await page
      .getByRole('button', { name: 'Add' })
      .or(page.getByRole('link', { name: 'Add' }))
      .click();
    await expect(page).toHaveURL(/\/integrations\/email-profile\/new$/);
    await expect(page.getByRole('heading', { name: 'New email profile' })).toBeVisible();
    // The spec's defaults.
    await expect(editor.field('IMAP port')).toHaveValue('993');
    await expect(editor.field('SMTP port')).toHaveValue('587');
    await expect(editor.field('Fetch interval, seconds')).toHaveValue('60');
    await expect(editor.field('Mailbox')).toHaveValue('INBOX');

    await editor.save();
    for (const label of ['Name', 'IMAP host', 'SMTP host', 'Login']) {
      await expect(editor.errorOf(label), label).toHaveText('This field is required');
    }
    await editor.field('Name').fill('e2e support mailbox');
    await editor.pickFlow('Flow', 'e2e mail flow');
    await editor.field('IMAP host').fill('127.0.0.1');
    await editor.field('IMAP port').fill(String(MAIL_SERVERS.imapPort));
    await editor.field('SMTP host').fill('127.0.0.1');
    await editor.field('SMTP port').fill(String(MAIL_SERVERS.smtpPort));
    await editor.field('Login').fill(MAIL_SERVERS.user);
    await editor.field('Password').fill(MAIL_SERVERS.password);
    // Tested before it is saved, with the values on screen.
    await editor.testConnection('Test connection');
    const result = page.getByRole('status').filter({ hasText: 'Connection works' });
    await expect(result).toBeVisible();
    await expect(result).toContainText('IMAP · signed in');
    await expect(result).toContainText('SMTP · signed in');
    await expect(result).toContainText('mailbox INBOX');
    await page.screenshot({ path: test.info().outputPath('email-profile-tested.png'), fullPage: true });

    await editor.save();
    id = await editor.savedId();
    // The password is never shown again; the stored one still signs in.
    await expect(editor.field('Password')).toHaveValue('');
    expect((await api.call<Profile>('GET', `${PATH}/${id}`)).passwordSet).toBe(true);
    await expect(page.getByRole('group', { name: 'Fetch status' })).toBeVisible();
    await editor.testConnection('Test connection');
    await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('email-profile-saved.png'), fullPage: true });

    await list.goto();
    const row = list.row('e2e support mailbox');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText(MAIL_SERVERS.user);
    const enabled = row.getByRole('switch');
    await expect(enabled).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('email-profiles-list.png') });
    await enabled.click({ force: true });
    await expect(enabled).not.toBeChecked();
    await expect.poll(async () => (await api.call<Profile>('GET', `${PATH}/${id}`)).enabled).toBe(false);
    await row.getByRole('link', { name: 'e2e support mailbox' }).click();
    await expect(page).toHaveURL(new RegExp(`/integrations/email-profile/${id}$`));
  } finally {
    if (id) await api.call('DELETE', `${PATH}/${id}`);
    await api.call('DELETE', `/routing/schema/${flow.id}`);
  }
});

test('email profiles in Russian: the list, the editor, a refused sign-in', async ({ page, signedIn, api }) => {
  const flow = await api.call<{ id: number }>('POST', '/routing/schema', {
    name: 'e2e mail flow ru',
    type: 'service',
    schema: [],
  });
  const profile = await api.call<Profile>('POST', PATH, {
    name: 'e2e ящик',
    schema: { id: flow.id },
    imapHost: '127.0.0.1',
    imapPort: MAIL_SERVERS.imapPort,
    smtpHost: '127.0.0.1',
    smtpPort: MAIL_SERVERS.smtpPort,
    login: MAIL_SERVERS.user,
    password: 'not-the-password',
    enabled: false,
  });
  const list = new EmailProfilesListPage(page);
  const editor = new EmailProfileEditPage(page);
  try {
    await signedIn.switchLanguage('ru');
    await list.goto();
    await expect(page.getByRole('heading', { name: 'Профили почты' })).toBeVisible();
    for (const column of ['Имя', 'IMAP-сервер', 'Логин', 'Последняя загрузка']) {
      await expect(list.table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(list.row('e2e ящик')).toContainText(MAIL_SERVERS.user);
    await page.screenshot({ path: test.info().outputPath('email-profiles-list-ru.png') });
    await list.row('e2e ящик').getByRole('link', { name: 'e2e ящик' }).click();
    await expect(page).toHaveURL(new RegExp(`/integrations/email-profile/${profile.id}$`));
    await expect(editor.field('Почтовый ящик')).toHaveValue('INBOX');
    await expect(page.getByText('Ещё не загружалось')).toBeVisible();
    await editor.testConnection('Проверить подключение');
    const result = page.getByRole('status').filter({ hasText: 'Подключиться не удалось' });
    await expect(result).toBeVisible();
    await expect(result).toContainText('IMAP · ошибка');
    // Told by its kind, in the console's language: never the mail server's own words.
    await expect(result).toContainText('Вход не выполнен.');
    await page.screenshot({ path: test.info().outputPath('email-profile-refused-ru.png'), fullPage: true });
    // The right password typed in the editor is tested without saving it.
    await editor.field('Пароль').fill(MAIL_SERVERS.password);
    await editor.testConnection('Проверить подключение');
    await expect(page.getByRole('status').filter({ hasText: 'Подключение работает' })).toBeVisible();
  } finally {
    await signedIn.switchLanguage('en');
    await api.call('DELETE', `${PATH}/${profile.id}`);
    await api.call('DELETE', `/routing/schema/${flow.id}`);
  }
});
