import type { APIRequestContext } from '@playwright/test';
import { expect, inWorkerDomain, test } from '../fixtures';
import { DeviceEditPage, DevicesListPage } from '../pages/DevicesPages';

type Device = { id: number; account: string; name: string };

/**
 * A telephony server's own user: a role holding only the telephonyEvents permission. Its token
 * posts events the way a telephony server would.
 */
async function telephonyToken(
  request: APIRequestContext,
  api: { call<T>(m: 'POST', p: string, d?: unknown): Promise<T> },
) {
  const suffix = Date.now().toString(36);
  const role = await api.call<{ id: number }>('POST', '/roles', {
    name: `telephony-${suffix}`,
    permissions: ['telephonyEvents'],
  });
  const username = `pbx-${suffix}`;
  await api.call('POST', '/users', { username, password: 'E2e-pbx-password-1', roles: [{ id: role.id }] });
  const login = await request.post('/api/login', {
    data: { username: inWorkerDomain(username), password: 'E2e-pbx-password-1' },
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function postEvent(request: APIRequestContext, token: string, event: Record<string, unknown>) {
  const res = await request.post('/api/telephony/events', {
    data: event,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test('creates a device and a hotdesk device through the screens, with the spec’s checks', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new DevicesListPage(page);
  const editor = new DeviceEditPage(page);
  await signedIn.open('devices');
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();

  await list.add();
  await expect(page).toHaveURL(/\/directory\/devices\/new$/);
  await editor.field('Name').fill('Reception phone');
  await editor.field('Account').fill('reception-101');
  await editor.field('Password').fill('Sip-password-1');
  await editor.field('IP address').fill('10.0.0.300');
  await editor.field('MAC address').fill('00:11:22:33:44');
  await editor.save();
  await expect(page.getByText('Should look like IPv4')).toBeVisible();
  await expect(page.getByText('Should look like MAC')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('device-validation.png') });
  await editor.field('IP address').fill('10.0.0.30');
  await editor.field('MAC address').fill('00:11:22:33:44:55');
  await editor.save();
  await expect(page).toHaveURL(/\/directory\/devices\/\d+$/);
  const { items } = await api.call<{ items: Device[] }>('GET', '/devices?q=reception-101');
  expect(items).toHaveLength(1);

  await list.goto();
  await list.addHotdesk();
  await expect(page).toHaveURL(/\/directory\/devices\/hotdesk\/new$/);
  await expect(editor.field('Account')).toHaveAttribute('placeholder', 'Generated on save');
  await editor.field('Name').fill('Hot desk 3');
  await editor.field('Password').fill('Sip-password-2');
  await editor.addHostNames('bad host');
  await editor.save();
  await expect(page.getByText('wrong host name')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hotdesk-host-name.png') });
  await editor.removeLastHostName();
  await editor.addHostNames('pc-03', 'Front_Desk');
  await editor.save();
  await expect(page).toHaveURL(/\/directory\/devices\/hotdesk\/\d+$/);
  await expect(editor.field('Account')).toHaveValue(/^hot-[a-z0-9]{7}$/);
  await page.screenshot({ path: test.info().outputPath('hotdesk-created.png') });

  await list.goto('?q=Hot');
  await expect(list.row('Hot desk 3')).toContainText('Hotdesk');
  await list.row('Hot desk 3').getByRole('link', { name: 'Hot desk 3' }).click();
  await expect(page).toHaveURL(/\/directory\/devices\/hotdesk\/\d+$/);
});

test('a registration event shows in the open list without a reload', async ({ page, signedIn, api, request }) => {
  expect(signedIn).toBeTruthy();
  const device = await api.call<Device>('POST', '/devices', {
    name: 'Live desk',
    account: 'live-201',
    password: 'x-Password-1',
  });
  const token = await telephonyToken(request, api);
  const list = new DevicesListPage(page);
  await list.goto('?q=Live');
  await expect(list.state('Live desk')).toHaveAttribute('data-state', 'nonreg');
  await expect(list.state('Live desk')).toHaveText('Not registered');
  // A mark on the window survives only as long as the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { untouched: true }));

  await postEvent(request, token, { type: 'device.registered', account: device.account });
  await expect(list.state('Live desk')).toHaveText('Registered');
  await page.screenshot({ path: test.info().outputPath('live-registered.png') });
  await postEvent(request, token, { type: 'device.call', account: device.account, state: 'dialog' });
  await expect(list.state('Live desk')).toHaveText('In a call');
  await page.screenshot({ path: test.info().outputPath('live-in-call.png') });
  expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
});

test('the history tab lists a hotdesk log-in', async ({ page, signedIn, api, request }) => {
  expect(signedIn).toBeTruthy();
  const device = await api.call<Device>('POST', '/devices', {
    name: 'Shared desk',
    password: 'x-Password-1',
    hotdesk: true,
    hotdesks: ['pc-7'],
  });
  const user = await api.createUser('hannah', { name: 'Hannah Hotdesk' });
  const token = await telephonyToken(request, api);
  await postEvent(request, token, { type: 'device.hotdesk.login', account: device.account, userId: user.id });

  await page.goto(`/directory/devices/hotdesk/${device.id}`);
  const editor = new DeviceEditPage(page);
  await editor.tab('History').click();
  const row = page.locator('main table tbody tr', { hasText: 'Hannah Hotdesk' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Still logged in');
  await page.screenshot({ path: test.info().outputPath('hotdesk-history.png') });

  await postEvent(request, token, { type: 'device.hotdesk.logout', account: device.account, userId: user.id });
  await editor.tab('General').click();
  await editor.tab('History').click();
  await expect(row).not.toContainText('Still logged in');
});

test('exports the searched list as a CSV file with formulas neutralised', async ({ page, signedIn, api }) => {
  expect(signedIn).toBeTruthy();
  const tag = `exp${Date.now().toString(36)}`;
  await api.call('POST', '/devices', { name: `${tag} desk`, account: `${tag}-1`, password: 'Sip-password-1' });
  await api.call('POST', '/devices', {
    name: `${tag} lobby`,
    account: `${tag}-2`,
    password: 'Sip-password-1',
    brand: '=HYPERLINK("http://example.invalid")',
  });
  await api.call('POST', '/devices', { name: 'Not exported', account: `other-${tag}`, password: 'Sip-password-1' });
  const list = new DevicesListPage(page);
  await list.goto();
  await list.search.fill(tag);
  await list.search.press('Enter');
  await expect(list.table.locator('tbody tr')).toHaveCount(2);
  const file = await list.exportCsv();
  expect(file.name).toBe('devices.csv');
  expect(file.text).toBe(
    '\ufeffaccount,name,brand,model,mac,ip\r\n' +
      `${tag}-1,${tag} desk,,,,\r\n` +
      `${tag}-2,${tag} lobby,"'=HYPERLINK(""http://example.invalid"")",,,\r\n`,
  );
  await page.screenshot({ path: test.info().outputPath('devices-export.png') });
});
