import { expect, test } from '../fixtures';
import { ResourceListPage } from '../pages/ResourcePages';
import { Shell } from '../pages/Shell';
import { SignInPage } from '../pages/SignInPage';

type Id = { id: number };

test('the back arrow returns to the list as it was: page, sort, search and page size', async ({
  page,
  signedIn,
  api,
}) => {
  expect(signedIn).toBeTruthy();
  for (let i = 1; i <= 13; i++) {
    await api.call('POST', '/regions', { name: `E2E Zone ${String(i).padStart(2, '0')}`, timezone: { name: 'UTC' } });
  }
  const list = new ResourceListPage(page, '/lookups/regions', 'Regions');
  await list.goto();
  await list.search.fill('E2E Zone');
  await list.search.press('Enter');
  await expect(list.row('E2E Zone 10')).toBeVisible();
  // Regions sort by name ascending by default: one click on its header turns it around.
  const header = page.getByRole('columnheader', { name: 'Name' });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(list.row('E2E Zone 03')).toBeVisible();
  await expect(list.table.locator('tbody tr')).toHaveCount(3);
  const before = new URL(page.url());
  expect(Object.fromEntries(before.searchParams)).toEqual({ q: 'E2E Zone', sort: '-name', page: '2' });

  await list.row('E2E Zone 02').getByRole('link', { name: 'E2E Zone 02' }).click();
  await expect(page.getByRole('heading', { name: 'E2E Zone 02' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(`${before.pathname}${before.search}`);
  await expect(list.search).toHaveValue('E2E Zone');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(list.table.locator('tbody tr').first()).toContainText('E2E Zone 03');
  await page.screenshot({ path: test.info().outputPath('lists-back-to-page-2.png') });

  // 25 rows a page: all 13 on one page, from the first.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(list.table.locator('tbody tr')).toHaveCount(13);
  expect(new URL(page.url()).searchParams.get('size')).toBe('25');
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  await page.screenshot({ path: test.info().outputPath('lists-page-size-25.png') });
});

test('filters declared in the definitions: by enum, by reference and by number range', async ({
  page,
  signedIn,
  api,
}) => {
  expect(signedIn).toBeTruthy();
  await api.call('POST', '/call_center/communication_type', {
    name: 'E2E Desk phone',
    channel: 'phone',
    code: 'e2e-p',
  });
  await api.call('POST', '/call_center/communication_type', { name: 'E2E Mailbox', channel: 'email', code: 'e2e-m' });
  const types = new ResourceListPage(page, '/lookups/communications', 'Communication types');
  await types.goto('?q=E2E');
  await expect(types.row('E2E Desk phone')).toBeVisible();
  await expect(types.row('E2E Mailbox')).toBeVisible();
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'Email' }).click();
  await page.keyboard.press('Escape');
  await expect(types.row('E2E Desk phone')).toHaveCount(0);
  await expect(types.row('E2E Mailbox')).toBeVisible();
  expect(new URL(page.url()).searchParams.getAll('channel')).toEqual(['email']);
  await page.screenshot({ path: test.info().outputPath('lists-filter-enum.png') });
  // The filter is part of the list state: a reload keeps it.
  await page.reload();
  await expect(types.row('E2E Mailbox')).toBeVisible();
  await expect(types.row('E2E Desk phone')).toHaveCount(0);

  const owner = await api.createUser('e2e-desk-owner');
  await api.call('POST', '/devices', {
    name: 'E2E Owned desk',
    account: 'e2e-owned',
    password: 'x-Password-1',
    user: { id: owner.id },
  });
  await api.call('POST', '/devices', { name: 'E2E Free desk', account: 'e2e-free', password: 'x-Password-1' });
  const devices = new ResourceListPage(page, '/directory/devices', 'Devices');
  await devices.goto('?q=E2E');
  await expect(devices.row('E2E Free desk')).toBeVisible();
  const user = page.getByRole('combobox', { name: 'User', exact: true });
  await user.click();
  await user.fill('e2e-desk');
  await page.getByRole('option', { name: 'e2e-desk-owner' }).click();
  await expect(devices.row('E2E Free desk')).toHaveCount(0);
  await expect(devices.row('E2E Owned desk')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('user')).toBe(String(owner.id));
  await page.screenshot({ path: test.info().outputPath('lists-filter-reference.png') });
  // Opened from a bookmark, the chosen user is named in the filter.
  await page.reload();
  await expect(user).toHaveValue('e2e-desk-owner');
  await expect(devices.row('E2E Free desk')).toHaveCount(0);

  await api.call('POST', '/call_center/pause_causes', { name: 'E2E Short break', limitMin: 5 });
  await api.call('POST', '/call_center/pause_causes', { name: 'E2E Long lunch', limitMin: 45 });
  const causes = new ResourceListPage(page, '/lookups/pause-cause', 'Agent pause causes');
  await causes.goto('?q=E2E');
  await page.getByRole('spinbutton', { name: 'Limit, minutes: at least' }).fill('30');
  await expect(causes.row('E2E Short break')).toHaveCount(0);
  await expect(causes.row('E2E Long lunch')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('lists-filter-number-range.png') });
});

test('a nested tab keeps its own state in the URL, filters by date, and the way back returns to it', async ({
  page,
  signedIn,
  api,
}) => {
  expect(signedIn).toBeTruthy();
  const list = await api.call<Id>('POST', '/call_center/list', { name: 'E2E nested numbers' });
  const numbers = Array.from({ length: 12 }, (_, i) => ({
    number: `+3804400000${String(i).padStart(2, '0')}`,
    expireAt: i < 3 ? '2030-06-15T12:00:00Z' : null,
  }));
  await api.call('POST', `/call_center/list/${list.id}/communication`, numbers);
  await page.goto(`/lookups/blacklist/${list.id}`);
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await expect(page).toHaveURL(/tab=numbers/);
  const tab = new ResourceListPage(page, `/lookups/blacklist/${list.id}`, 'Numbers');
  await expect(tab.row('+380440000000')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(tab.row('+380440000011')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('blacklistNumbers.page')).toBe('2');

  // The way back from a number returns to the tab on its page.
  await tab.row('+380440000011').getByRole('link', { name: '+380440000011' }).click();
  await expect(page).toHaveURL(new RegExp(`/lookups/blacklist/${list.id}/\\d+$`));
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page.getByRole('tab', { name: 'Numbers' })).toHaveAttribute('aria-selected', 'true');
  await expect(tab.row('+380440000011')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('blacklistNumbers.page')).toBe('2');

  // Expiring in June 2030: the first three only.
  await page.getByRole('textbox', { name: 'Expires: from' }).fill('2030-06-01');
  await page.getByRole('textbox', { name: 'Expires: to' }).fill('2030-06-30');
  await expect(tab.table.locator('tbody tr')).toHaveCount(3);
  await expect(tab.row('+380440000002')).toBeVisible();
  const params = new URL(page.url()).searchParams;
  expect([params.get('blacklistNumbers.expireFrom'), params.get('blacklistNumbers.expireTo')]).toEqual([
    '2030-06-01',
    '2030-06-30',
  ]);
  expect(params.get('blacklistNumbers.page')).toBeNull();
  await page.screenshot({ path: test.info().outputPath('lists-nested-date-filter.png') });
});

test('a role with rw on blacklists adds a number in the console, as the API allows', async ({
  page,
  signedIn,
  api,
  browser,
}) => {
  expect(signedIn).toBeTruthy();
  expect(page).toBeTruthy();
  const role = await api.call<Id>('POST', '/roles', { name: 'E2E blacklist editors' });
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const ccList = items.find((c) => c.class === 'cc_list');
  await api.call('PATCH', `/objclass/${ccList?.id}/acl`, [{ grantee: { id: role.id }, grants: 'rw' }]);
  await api.createUser('e2e-list-editor', { roles: [{ id: role.id }] });
  const list = await api.call<Id>('POST', '/call_center/list', { name: 'E2E editable list' });
  // Blacklists have record rights: the role may read and edit this one.
  await api.call('PATCH', `/call_center/list/${list.id}/acl`, [{ grantee: { id: role.id }, grants: 'rw' }]);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/start');
  await new SignInPage(other).signIn('e2e-list-editor', 'E2e-user-password-1');
  await new Shell(other).expectShown();
  await other.goto(`/lookups/blacklist/${list.id}?tab=numbers`);
  await expect(other.getByText('No records yet')).toBeVisible();
  await other.getByRole('link', { name: 'Add' }).click();
  await expect(other).toHaveURL(new RegExp(`/lookups/blacklist/${list.id}/new$`));
  await other.getByRole('textbox', { name: 'Number', exact: true }).fill('+380441234567');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other).toHaveURL(new RegExp(`/lookups/blacklist/${list.id}/\\d+$`));
  await other.screenshot({ path: test.info().outputPath('lists-rw-added-number.png') });
  await other.getByRole('link', { name: 'Back to the list' }).click();
  await expect(other.getByRole('tab', { name: 'Numbers' })).toHaveAttribute('aria-selected', 'true');
  await expect(other.locator('main table tbody tr', { hasText: '+380441234567' })).toBeVisible();
  const stored = await api.call<{ items: { number: string }[] }>('GET', `/call_center/list/${list.id}/communication`);
  expect(stored.items.map((n) => n.number)).toEqual(['+380441234567']);
  await context.close();
});

test('a malformed or unknown record id shows the not-found page, not a spinner', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  for (const url of ['/lookups/regions/abc', '/lookups/regions/99999999', '/lookups/blacklist/1x/5']) {
    await page.goto(url);
    await expect(page.getByText("Sorry, we can't find the page you want.")).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('lists-not-found.png') });
});
