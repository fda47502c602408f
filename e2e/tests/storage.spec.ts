import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { StorageEditPage, StorageListPage } from '../pages/StoragePages';
import { PROVIDERS_STANDIN, S3_STANDIN, STORAGE_LOCAL_ROOT } from '../playwright.config';

const PATH = '/storage/backend_profiles';

test('an S3 profile is created with its spec defaults and its connection tested through the stand-in', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new StorageListPage(page);
  const editor = new StorageEditPage(page);
  await signedIn.open('storage');
  await expect(page.getByRole('heading', { name: 'Storage' })).toBeVisible();
  await list.add('Add', 'Amazon S3 or compatible');
  await expect(page).toHaveURL(/\/integrations\/storage\/s3\/new$/);
  await expect(page.getByRole('heading', { name: 'New S3 storage' })).toBeVisible();
  await expect(editor.field('Path pattern')).toHaveValue('$DOMAIN/$Y/$M/$D');
  await expect(editor.field('Max size, GB')).toHaveValue('10');

  await editor.save();
  for (const label of ['Name', 'Key id', 'Secret access key', 'Bucket', 'Endpoint URL']) {
    await expect(editor.errorOf(label), label).toHaveText('This field is required');
  }
  await editor.field('Name').fill('e2e-s3');
  await editor.field('Key id').fill(S3_STANDIN.keyId);
  await editor.field('Secret access key').fill('e2e-secret');
  await editor.field('Bucket').fill(S3_STANDIN.bucket);
  await editor.field('Endpoint URL').fill('ftp://nowhere');
  await editor.save();
  await expect(editor.errorOf('Endpoint URL')).toHaveText('Should look like a URL (http or https)');
  await editor.field('Endpoint URL').fill(`http://127.0.0.1:${S3_STANDIN.port}`);
  // Tested before it is saved, with the values on screen.
  await editor.testConnection('Test connection');
  await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
  await expect(page).toHaveURL(/\/s3\/new$/);
  await editor.save();
  const id = await editor.savedAs('s3');
  try {
    // The secret is never shown again; the saved profile still reaches the stand-in.
    await expect(editor.field('Secret access key')).toHaveValue('');
    await expect(page.getByText('Tests the saved settings: save your changes first')).toBeVisible();
    await editor.testConnection('Test connection');
    await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
    await expect(page.getByText('A probe object was written, read back and deleted.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('s3-tested.png') });

    await page.goto('/integrations/storage');
    await expect(list.row('e2e-s3')).toContainText('Amazon S3 or compatible');
  } finally {
    await api.call('DELETE', `${PATH}/${id}`);
  }
});

test('a local profile in Russian: its directory stays in the domain folder, then its connection works', async ({
  page,
  signedIn,
  api,
}) => {
  const { domainId } = await api.call<{ domainId: number }>('GET', '/userinfo');
  const name = `e2e-local-${Date.now()}`;
  // A connection test makes no folder: the operator (here, the test) has made it.
  const folder = path.join(STORAGE_LOCAL_ROOT, String(domainId), name);
  fs.mkdirSync(folder, { recursive: true });
  const list = new StorageListPage(page);
  const editor = new StorageEditPage(page);
  await signedIn.switchLanguage('ru');
  await page.goto('/integrations/storage');
  await expect(page.getByRole('heading', { name: 'Хранилища' })).toBeVisible();
  await list.add('Добавить', 'Локальная папка');
  await expect(page).toHaveURL(/\/integrations\/storage\/local\/new$/);
  await expect(page.getByRole('heading', { name: 'Новое локальное хранилище' })).toBeVisible();
  await editor.field('Имя').fill('e2e-local');
  await editor.field('Каталог').fill('/etc');
  await editor.save('Сохранить');
  await expect(editor.errorOf('Каталог')).toHaveText(
    'Должна быть папка внутри папки хранилища домена: относительный путь без ..',
  );
  await editor.field('Каталог').fill(name);
  await editor.save('Сохранить');
  const id = await editor.savedAs('local');
  try {
    await editor.testConnection('Проверить подключение');
    await expect(page.getByRole('status').filter({ hasText: 'Подключение работает' })).toBeVisible();
    await expect(page.getByText('Проверочный объект записан, прочитан и удалён.')).toBeVisible();
    // The probe was written and removed again.
    expect(fs.readdirSync(folder)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('local-tested-ru.png') });
  } finally {
    await api.call('DELETE', `${PATH}/${id}`);
    fs.rmSync(folder, { recursive: true, force: true });
    await signedIn.switchLanguage('en');
  }
});

test("a Dropbox profile: a refused token is shown in Dropbox's words, the right one connects", async ({
  page,
  signedIn,
  api,
}) => {
  const list = new StorageListPage(page);
  const editor = new StorageEditPage(page);
  await signedIn.open('storage');
  await list.add('Add', 'Dropbox');
  await expect(page).toHaveURL(/\/integrations\/storage\/dropbox\/new$/);
  await expect(page.getByRole('heading', { name: 'New Dropbox storage' })).toBeVisible();
  await editor.save();
  for (const label of ['Name', 'Access token']) {
    await expect(editor.errorOf(label), label).toHaveText('This field is required');
  }
  await editor.field('Name').fill('e2e-dropbox');
  await editor.field('Access token').fill('sl.not-the-token');
  await editor.testConnection('Test connection');
  await expect(page.getByRole('status').filter({ hasText: 'Connection failed' })).toBeVisible();
  await expect(
    page.getByText('write: Dropbox: invalid_access_token (HTTP 401) the access token was refused'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dropbox-refused.png') });

  await editor.field('Access token').fill(PROVIDERS_STANDIN.dropboxToken);
  await editor.testConnection('Test connection');
  await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
  await editor.save();
  const id = await editor.savedAs('dropbox');
  try {
    // The token is never shown again; the saved profile still connects with it.
    await expect(editor.field('Access token')).toHaveValue('');
    await expect(editor.field('Access token')).toHaveAttribute('placeholder', 'Set — leave empty to keep');
    await editor.testConnection('Test connection');
    await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
    await expect(page.getByText('A probe object was written, read back and deleted.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('dropbox-tested.png') });
    await page.goto('/integrations/storage');
    await expect(list.row('e2e-dropbox')).toContainText('Dropbox');
  } finally {
    await api.call('DELETE', `${PATH}/${id}`);
  }
});

test('a Backblaze B2 profile in Russian: its four fields are required, then its connection works', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new StorageListPage(page);
  const editor = new StorageEditPage(page);
  await signedIn.switchLanguage('ru');
  await page.goto('/integrations/storage');
  await list.add('Добавить', 'Backblaze B2');
  await expect(page).toHaveURL(/\/integrations\/storage\/backblaze\/new$/);
  await expect(page.getByRole('heading', { name: 'Новое хранилище Backblaze' })).toBeVisible();
  await editor.field('Имя').fill('e2e-b2');
  await editor.save('Сохранить');
  for (const label of ['Идентификатор аккаунта', 'Ключ приложения', 'Бакет', 'Идентификатор бакета']) {
    await expect(editor.errorOf(label), label).toHaveText('Это поле обязательно');
  }
  const { b2 } = PROVIDERS_STANDIN;
  await editor.field('Идентификатор аккаунта').fill(b2.account);
  await editor.field('Ключ приложения').fill(b2.key);
  await editor.field('Бакет').fill(b2.bucket);
  await editor.field('Идентификатор бакета').fill(b2.bucketId);
  await editor.save('Сохранить');
  const id = await editor.savedAs('backblaze');
  try {
    await editor.testConnection('Проверить подключение');
    await expect(page.getByRole('status').filter({ hasText: 'Подключение работает' })).toBeVisible();
    await expect(page.getByText('Проверочный объект записан, прочитан и удалён.')).toBeVisible();
    // The screenshot shows the answer, not the "saved" notice over it.
    await expect(page.getByText('Сохранено', { exact: true })).toBeHidden();
    await editor.result().scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('b2-tested-ru.png') });

    // A wrong bucket: B2's refusal (from its S3 API), in its words.
    await api.call('PATCH', `${PATH}/${id}`, { properties: { ...b2, bucket: 'nope' } });
    await page.reload();
    await editor.testConnection('Проверить подключение');
    await expect(page.getByRole('status').filter({ hasText: 'Подключение не удалось' })).toBeVisible();
    await expect(
      page.getByText('write: Backblaze: NoSuchBucket (HTTP 404) The specified bucket does not exist: nope'),
    ).toBeVisible();
    await editor.result().scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('b2-refused-ru.png') });
  } finally {
    await api.call('DELETE', `${PATH}/${id}`);
    await signedIn.switchLanguage('en');
  }
});
