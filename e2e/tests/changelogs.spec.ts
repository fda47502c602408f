import { type AdminApi, expect, test } from '../fixtures';
import { ChangeLogPages } from '../pages/ChangeLogPages';
import { DeviceEditPage } from '../pages/DevicesPages';

type Config = { id: number; object: string };

/** Another test may have left a devices setting: each test starts from none. */
async function dropDevicesConfig(api: AdminApi) {
  const { items } = await api.call<{ items: Config[] }>('GET', '/logger/config?size=100');
  for (const c of items.filter((i) => i.object === 'devices')) await api.call('DELETE', `/logger/config/${c.id}`);
}

const suffix = () => Date.now().toString(36);

test('enables logging for devices in the console, and a device change shows before and after', async ({
  page,
  signedIn,
  api,
}) => {
  await dropDevicesConfig(api);
  const name = `Lobby phone ${suffix()}`;
  const device = await api.call<{ id: number }>('POST', '/devices', {
    name,
    account: `lobby-${suffix()}`,
    password: 'Sip-password-1',
    ip: '10.0.0.41',
  });
  const logs = new ChangeLogPages(page);

  await signedIn.open('changelogs');
  await expect(page.getByRole('heading', { name: 'Change logs' })).toBeVisible();
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/system\/changelogs\/new$/);
  await expect(page.getByRole('textbox', { name: 'Days to store' })).toHaveValue('7');
  await logs.choose('Object', 'Devices');
  await page.getByRole('switch', { name: 'Enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/system\/changelogs\/\d+$/);
  const configId = Number(new URL(page.url()).pathname.split('/').pop());

  await logs.gotoList();
  await expect(logs.row('Devices')).toBeVisible();
  await expect(logs.row('Devices').getByRole('switch')).toBeChecked();
  await expect(logs.row('Devices')).toContainText('Weekly');
  await page.screenshot({ path: test.info().outputPath('changelog-settings.png') });

  // A change made in the device editor.
  const editor = new DeviceEditPage(page);
  await page.goto(`/directory/devices/${device.id}`);
  await editor.field('Name').fill(`${name} moved`);
  await editor.field('IP address').fill('10.0.0.42');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/devices/${device.id}`) && ['PUT', 'PATCH'].includes(r.request().method()),
  );
  await editor.save();
  expect((await saved).ok()).toBe(true);

  await page.goto(`/system/changelogs/${configId}`);
  await logs.openLog('Log');
  await expect(logs.logRows().first()).toContainText('Update');
  await expect(logs.logRows().first()).toContainText(`#${device.id}`);
  await logs.openEntry('Update');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'After' })).toBeVisible();
  await expect(logs.field('name')).toContainText(name);
  await expect(logs.field('name')).toContainText(`${name} moved`);
  await expect(logs.field('ip')).toContainText('10.0.0.41');
  await expect(logs.field('ip')).toContainText('10.0.0.42');
  // Only what changed: the account stayed, so it is not listed.
  await expect(logs.field('account')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('changelog-entry-en.png') });
  await logs.closeEntry();

  // Search by the record's name, and a day range with no entries.
  await page.getByRole('textbox', { name: 'Search' }).fill('nobody-like-this');
  await expect(page.getByText('No log entries match the search or filters')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(name.slice(0, 8));
  await expect(logs.logRows().first()).toContainText(`#${device.id}`);

  // The filtered entries as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('changelog-devices.csv');
});

test('shows a device entry in Ukrainian, with the created record whole', async ({ page, signedIn, api }) => {
  await dropDevicesConfig(api);
  const config = await api.call<Config>('POST', '/logger/config', { object: 'devices', enabled: true });
  const name = `Kyiv desk ${suffix()}`;
  const device = await api.call<{ id: number }>('POST', '/devices', {
    name,
    account: `kyiv-${suffix()}`,
    password: 'Sip-password-1',
  });
  await api.call('PATCH', `/devices/${device.id}`, { name: `${name} 2` });
  const logs = new ChangeLogPages(page);

  await signedIn.switchLanguage('ua');
  await page.goto(`/system/changelogs/${config.id}`);
  await logs.openLog('Журнал');
  // The object's entries, this device's among them (others may be of earlier tests).
  await expect(logs.logRows().filter({ hasText: name })).toHaveCount(2);
  await logs.openEntry('Зміна');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('columnheader', { name: 'До' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Після' })).toBeVisible();
  await expect(logs.field('name')).toContainText(`${name} 2`);
  await page.screenshot({ path: test.info().outputPath('changelog-entry-ua.png') });
  await logs.closeEntry();

  await logs.openEntry('Створення');
  await expect(page.getByRole('dialog').getByRole('columnheader', { name: 'Значення' })).toBeVisible();
  await expect(logs.field('account')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('changelog-created-ua.png') });
  await logs.closeEntry();
  await signedIn.switchLanguage('en');
});

test('names a storage profile for exports and shows the Exports tab', async ({ page, signedIn, api }) => {
  const { items } = await api.call<{ items: Config[] }>('GET', '/logger/config?size=100');
  for (const c of items.filter((i) => i.object === 'calendars')) await api.call('DELETE', `/logger/config/${c.id}`);
  const profileName = `Log archive ${suffix()}`;
  await api.call('POST', '/storage/backend_profiles', {
    name: profileName,
    type: 'local',
    properties: { directory: `e2e-exports-${suffix()}` },
  });
  const logs = new ChangeLogPages(page);

  await signedIn.open('changelogs');
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await logs.choose('Object', 'Calendars');
  await logs.choose('Storage profile', profileName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/system\/changelogs\/\d+$/);
  const configId = Number(new URL(page.url()).pathname.split('/').pop());
  const saved = await api.call<{ storage: { name: string } | null }>('GET', `/logger/config/${configId}`);
  expect(saved.storage?.name).toBe(profileName);

  await logs.openLog('Exports');
  // The job exports closed periods only: this run's calendars entries are all of the open one.
  await expect(page.getByText('No exports yet', { exact: false })).toBeVisible();
  await api.call('DELETE', `/logger/config/${configId}`);
});

test('a bulk change of a queue’s members reads as a sentence in the change log', async ({ page, signedIn, api }) => {
  const { items: configs } = await api.call<{ items: Config[] }>('GET', '/logger/config?size=100');
  for (const c of configs.filter((i) => i.object === 'queues')) await api.call('DELETE', `/logger/config/${c.id}`);
  const config = await api.call<Config>('POST', '/logger/config', { object: 'queues', enabled: true });
  const tag = suffix();
  const calendar = await api.call<{ id: number }>('POST', '/calendars', {
    name: `Bulk log ${tag}`,
    timezone: { name: 'Europe/Kyiv' },
  });
  const queue = await api.call<{ id: number; name: string }>('POST', '/call_center/queues', {
    name: `Bulk log queue ${tag}`,
    calendar: { id: calendar.id },
  });
  const type = await api.call<{ id: number }>('POST', '/call_center/communication_type', {
    name: `Bulk phone ${tag}`,
    code: `b${tag}`,
    channel: 'phone',
  });
  const member = (name: string, destination: string, priority: number) => ({
    name,
    priority,
    communications: [{ destination, type: { id: type.id } }],
  });
  await api.call('POST', `/call_center/queues/${queue.id}/members/bulk`, {
    fileName: 'crm-export.json',
    items: [member('Ann', '+380501230001', 1), member('Ben', '+380501230002', 5), member('Cid', '+380501230003', 7)],
  });
  const deleted = await api.call<{ count: number }>('DELETE', `/call_center/queues/${queue.id}/members?priorityFrom=5`);
  expect(deleted.count).toBe(2);
  const logs = new ChangeLogPages(page);

  expect(signedIn).toBeTruthy();
  await page.goto(`/system/changelogs/${config.id}`);
  await logs.openLog('Log');
  // This queue's entries: its creation, then one entry for each bulk change, newest first.
  await page.getByRole('textbox', { name: 'Search' }).fill(String(queue.id));
  const rows = logs.logRows();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText(queue.name);
  // A bulk entry's row says what it did, as its states hold no name.
  await expect(rows.nth(0).getByTestId('row-sentence')).toHaveText('Deleted 2 members (filter: Priority ≥ 5)');
  await page.screenshot({ path: test.info().outputPath('changelog-bulk-rows-en.png') });
  await rows.nth(0).locator('button').first().click();
  const sentence = page.getByTestId('entry-sentence');
  await expect(sentence).toHaveText('Deleted 2 members (filter: Priority ≥ 5)');
  await expect(page.getByTestId('entry-fields')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('changelog-bulk-delete-en.png') });
  await logs.closeEntry();
  await rows.nth(1).locator('button').first().click();
  await expect(sentence).toHaveText('Added 3 members from crm-export.json through the API');
  await logs.closeEntry();

  await signedIn.switchLanguage('ru');
  await page.goto(`/system/changelogs/${config.id}`);
  await logs.openLog('Журнал');
  await page.getByRole('textbox', { name: 'Поиск' }).fill(String(queue.id));
  await expect(rows).toHaveCount(3);
  await rows.nth(0).locator('button').first().click();
  await expect(sentence).toHaveText('Удаление по фильтру (Приоритет ≥ 5): 2 участника');
  await page.screenshot({ path: test.info().outputPath('changelog-bulk-delete-ru.png') });
  await logs.closeEntry();
  await signedIn.switchLanguage('en');
});
