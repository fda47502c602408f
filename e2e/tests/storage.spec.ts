import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { StorageEditPage, StorageListPage } from '../pages/StoragePages';
import { S3_STANDIN } from '../playwright.config';

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

test('a local profile in Russian: its directory must be absolute, then its connection works', async ({
  page,
  signedIn,
  api,
}) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-storage-'));
  const list = new StorageListPage(page);
  const editor = new StorageEditPage(page);
  await signedIn.switchLanguage('ru');
  await page.goto('/integrations/storage');
  await expect(page.getByRole('heading', { name: 'Хранилища' })).toBeVisible();
  await list.add('Добавить', 'Локальная папка');
  await expect(page).toHaveURL(/\/integrations\/storage\/local\/new$/);
  await expect(page.getByRole('heading', { name: 'Новое локальное хранилище' })).toBeVisible();
  await editor.field('Имя').fill('e2e-local');
  await editor.field('Каталог').fill('relative/folder');
  await editor.save('Сохранить');
  await expect(editor.errorOf('Каталог')).toHaveText('Должен быть абсолютный путь');
  await editor.field('Каталог').fill(folder);
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
