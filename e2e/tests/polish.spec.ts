import { expect, test } from '../fixtures';
import { SignInPage } from '../pages/SignInPage';

const PASSWORD = 'E2e-user-password-1';
const shot = (name: string) => ({ path: test.info().outputPath(name) });
const setLanguage = (page: import('@playwright/test').Page, lang: string) =>
  page.evaluate((l) => localStorage.setItem('lang', l), lang);

test('a role editor without the objects permission sees no Objects entry, tab or screen', async ({ page, api }) => {
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const roles = items.find((c) => c.class === 'roles');
  const role = await api.call<{ id: number }>('POST', '/roles', { name: `Role keepers ${Date.now()}` });
  await api.call('PATCH', `/objclass/${roles?.id}/acl`, [{ grantee: { id: role.id }, grants: 'rxwd' }]);
  const username = `rolekeeper${Date.now()}`;
  await api.createUser(username, { roles: [{ id: role.id }], password: PASSWORD });

  await page.goto('/permissions/roles');
  await new SignInPage(page).signIn(username, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Roles', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Objects', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'admin', exact: true }).first().click();
  await expect(page.getByRole('tab', { name: 'Permissions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Objects' })).toHaveCount(0);
  await page.screenshot(shot('polish-role-without-objects.png'));
  await page.goto('/permissions/objects');
  await expect(page).toHaveURL(/access-denied/);
});

test('the role editor’s Objects tab edits the same grants as the objects screen, in ru and ua', async ({
  page,
  api,
  signedIn,
}) => {
  expect(signedIn).toBeTruthy();
  const role = await api.call<{ id: number }>('POST', '/roles', { name: `Calendar editors ${Date.now()}` });
  await page.goto(`/permissions/roles/${role.id}`);
  await page.getByRole('tab', { name: 'Objects' }).click();
  const edit = page.getByRole('radiogroup', { name: 'Calendars: Edit' });
  await expect(edit).toBeVisible();
  const id = await edit.getByLabel('Allow').getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await expect
    .poll(async () => {
      const answer = await api.call<{ items: { objclass: { name: string }; granted: string }[] }>(
        'GET',
        `/roles/${role.id}/classes`,
      );
      return answer.items.find((e) => e.objclass.name === 'calendars')?.granted;
    })
    .toBe('w');
  await page.screenshot(shot('polish-role-objects-en.png'));

  for (const [lang, tab, calendars] of [
    ['ru', 'Объекты', 'Календари'],
    ['ua', "Об'єкти", 'Календарі'],
  ]) {
    await setLanguage(page, lang);
    await page.reload();
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('cell', { name: calendars, exact: true })).toBeVisible();
    await page.screenshot(shot(`polish-role-objects-${lang}.png`));
  }
});

test('lists: channel labels in every language, names sorted, truthful empty states', async ({
  page,
  api,
  signedIn,
}) => {
  expect(signedIn).toBeTruthy();
  const stamp = Date.now();
  const ux = `${stamp} Ux phone`;
  const admin = `${stamp} admin chat`;
  await api.call('POST', '/call_center/communication_type', { name: ux, code: `p${stamp}`, channel: 'phone' });
  await api.call('POST', '/call_center/communication_type', { name: admin, code: `m${stamp}`, channel: 'messaging' });

  await page.goto(`/lookups/communications?q=${encodeURIComponent(`${stamp}*`)}`);
  const rows = page.locator('main tbody tr');
  await expect(rows.filter({ hasText: admin })).toContainText('Messaging');
  // "admin" before "Ux": the order ignores case.
  await expect(rows.locator('td:nth-child(2)')).toHaveText([admin, ux]);
  await page.screenshot(shot('polish-communications-en.png'));
  for (const [lang, word] of [
    ['ru', 'Сообщения'],
    ['ua', 'Повідомлення'],
  ]) {
    await setLanguage(page, lang);
    await page.reload();
    await expect(rows.filter({ hasText: admin })).toContainText(word);
    await page.screenshot(shot(`polish-communications-${lang}.png`));
  }
  await setLanguage(page, 'en');

  // A filter that matches nothing says so; an empty search says the search found nothing.
  // (A search too: the licenses test, run before on the same server, leaves one ending within 30 days.)
  await page.goto(`/directory/license?expiry=30&q=${encodeURIComponent('no-such-license*')}`);
  await expect(page.getByTestId('list-empty')).toHaveText('No records match the filter');
  await page.screenshot(shot('polish-empty-filter.png'));
  await page.goto(`/lookups/regions?q=${encodeURIComponent('nothing-like-this*')}`);
  await expect(page.getByTestId('list-empty')).toHaveText('Search gave no results');
});

test('a list narrowed by record rights says some records may be hidden', async ({ page, api }) => {
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const devices = items.find((c) => c.class === 'devices');
  const role = await api.call<{ id: number }>('POST', '/roles', { name: `Device readers ${Date.now()}` });
  await api.call('PATCH', `/objclass/${devices?.id}/acl`, [{ grantee: { id: role.id }, grants: 'r' }]);
  await api.call('PATCH', `/objclass/${devices?.id}`, { rbac: true });
  try {
    const username = `devreader${Date.now()}`;
    await api.createUser(username, { roles: [{ id: role.id }], password: PASSWORD });
    await page.goto('/directory/devices');
    await new SignInPage(page).signIn(username, PASSWORD);
    await expect(page.getByTestId('list-hidden-note')).toHaveText('Some records may be hidden by permissions');
    await page.screenshot(shot('polish-hidden-by-permissions.png'));
  } finally {
    await api.call('PATCH', `/objclass/${devices?.id}`, { rbac: false });
  }
});

test('time zones: search by city, old name or offset; the list shows what the picker shows', async ({
  page,
  api,
  signedIn,
}) => {
  expect(signedIn).toBeTruthy();
  await page.goto('/lookups/regions/new');
  const box = page.getByRole('combobox', { name: 'Time zone', exact: true });
  await box.click();
  await box.fill('kiev');
  const kyiv = page.getByRole('option', { name: /^Europe\/Kyiv \(\+0[23]:00\)/ });
  await expect(kyiv).toBeVisible();
  await expect(kyiv).toContainText('Europe/Kiev');
  await page.screenshot(shot('polish-timezone-picker.png'));
  await box.fill('+05:30');
  await expect(page.getByRole('option', { name: /^Asia\/Kolkata/ })).toBeVisible();
  await box.fill('kyiv');
  await page.getByRole('option', { name: /^Europe\/Kyiv/ }).click();
  const name = `Kyiv office ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/lookups\/regions\/\d+$/);

  await page.goto(`/lookups/regions?q=${encodeURIComponent(`${name}*`)}`);
  await expect(page.locator('main tbody tr').filter({ hasText: name })).toContainText(/Europe\/Kyiv \(\+0[23]:00\)/);
  await page.screenshot(shot('polish-timezone-list.png'));
  const { items } = await api.call<{ items: { name: string; timezone: { name: string } }[] }>(
    'GET',
    `/regions?q=${encodeURIComponent(`${name}*`)}`,
  );
  expect(items[0].timezone.name).toBe('Europe/Kyiv');
});

test('errors show at the bottom right, stay, and merge when repeated', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  // The page's clock, so that "still there after 8 s" is read by moving time on, not by waiting.
  await page.clock.install();
  await page.goto('/lookups/regions/new');
  const name = `Twice ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const box = page.getByRole('combobox', { name: 'Time zone', exact: true });
  await box.click();
  await box.fill('tokyo');
  await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/lookups\/regions\/\d+$/);
  await page.goto('/lookups/regions/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await box.click();
  await box.fill('tokyo');
  await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await save.click();
  const error = page.locator('.mantine-Notification-root').filter({ hasText: /Error/ });
  await expect(error).toHaveCount(1);
  await save.click();
  await expect(error).toHaveCount(1);
  await expect(error).toContainText('Error ×2');
  // Clear of the header: in the lower half of the window, and still there after the old 8 s.
  const box2 = await error.boundingBox();
  const viewport = page.viewportSize();
  expect(box2 && viewport && box2.y > viewport.height / 2).toBeTruthy();
  // Nine seconds on the page's clock run every timer due by then (a success notice closes after 4 s).
  await page.clock.runFor(9000);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Done' })).toHaveCount(0);
  await expect(error).toBeVisible();
  await page.screenshot(shot('polish-notification.png'));
});
