import { expect, test } from '../fixtures';
import { Shell } from '../pages/Shell';
import { SignInPage } from '../pages/SignInPage';

test('a role that may only read devices shows devices, hides users and roles, and denies /directory/users', async ({
  page,
  api,
  signedIn,
  browser,
}) => {
  // The role is made through the Roles screen.
  await page.goto('/permissions/roles/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Device readers');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/permissions\/roles\/\d+$/);
  const roleId = Number(page.url().split('/').pop());
  expect(signedIn).toBeTruthy();

  // Read on devices only: a class grant, given through the API.
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const devices = items.find((c) => c.class === 'devices');
  expect(devices).toBeDefined();
  await api.call('PATCH', `/objclass/${devices?.id}/acl`, [{ grantee: { id: roleId }, grants: 'r' }]);
  await api.createUser('device-reader', { roles: [{ id: roleId }] });

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/start');
  await new SignInPage(other).signIn('device-reader', 'E2e-user-password-1');
  const shell = new Shell(other);
  await shell.expectShown();
  await expect(shell.navEntry('devices')).toBeVisible();
  await expect(shell.navEntry('users')).toHaveCount(0);
  await expect(shell.navEntry('roles')).toHaveCount(0);
  await expect(shell.navSection('permissions')).toHaveCount(0);
  await other.screenshot({ path: test.info().outputPath('device-reader-navigation.png') });

  await other.goto('/directory/users');
  await expect(other).toHaveURL(/\/access-denied$/);
  await expect(other.getByText('Sorry, you have not enough privileges to see this page.')).toBeVisible();
  await other.screenshot({ path: test.info().outputPath('device-reader-denied.png') });
  await context.close();
});

test('flows are open to every signed-in user: a role with no rights lists, adds and deletes one, with no refusal', async ({
  api,
  browser,
}) => {
  // A role with no class grants and no permissions at all (spec: flows always have full access).
  const role = await api.call<{ id: number }>('POST', '/roles', { name: 'No rights at all' });
  await api.createUser('flow-maker', { roles: [{ id: role.id }] });
  const context = await browser.newContext();
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 403) refusals.push(`${res.request().method()} ${res.url()}`);
  });
  await page.goto('/start');
  await new SignInPage(page).signIn('flow-maker', 'E2e-user-password-1');
  const shell = new Shell(page);
  await shell.expectShown();
  await expect(shell.navEntry('flow')).toBeVisible();
  await expect(shell.navEntry('devices')).toHaveCount(0);
  await shell.navEntry('flow').click();
  await expect(page.getByRole('heading', { name: 'Flows' })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('e2e flow of a user without rights');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/routing\/flow\/\d+$/);
  await page.goto('/routing/flow');
  const row = page.locator('main table tbody tr', { hasText: 'e2e flow of a user without rights' });
  await expect(row).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('flows-without-rights.png') });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect(refusals).toEqual([]);
  await context.close();
});
