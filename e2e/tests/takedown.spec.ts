import { type AdminApi, expect, test } from '../fixtures';
import { ObjectEditPage } from '../pages/ObjectEditPage';
import { Shell } from '../pages/Shell';
import { SignInPage } from '../pages/SignInPage';
import { UserEditPage, UsersListPage } from '../pages/UsersPages';

const PASSWORD = 'E2e-user-password-1';
const stamp = () => Date.now().toString(36);

type UserInfo = { userId: number; roles: { id: number; name: string }[] };

/**
 * A role with every right on users (create, read, edit, delete), the right to read roles and to
 * give them (manageUserRoles), and nothing else; and a user holding it.
 */
async function userManager(api: AdminApi) {
  const tag = stamp();
  const role = await api.call<{ id: number }>('POST', '/roles', {
    name: `User managers ${tag}`,
    permissions: ['manageUserRoles'],
  });
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const id = (cls: string) => items.find((c) => c.class === cls)?.id;
  await api.call('PATCH', `/objclass/${id('users')}/acl`, [{ grantee: { id: role.id }, grants: 'rxwd' }]);
  await api.call('PATCH', `/objclass/${id('roles')}/acl`, [{ grantee: { id: role.id }, grants: 'r' }]);
  const username = `manager-${tag}`;
  await api.createUser(username, { roles: [{ id: role.id }] });
  return username;
}

test('a user manager without every right is offered no rename, deactivation or delete of the administrator', async ({
  api,
  browser,
}) => {
  const username = await userManager(api);
  const me = await api.call<UserInfo>('GET', '/userinfo');
  const weak = `weak-${stamp()}`;
  await api.createUser(weak);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/start');
  await new SignInPage(page).signIn(username, PASSWORD);
  await new Shell(page).expectShown();

  const list = new UsersListPage(page);
  await list.goto();
  const admin = list.table.locator(`tbody tr[data-row-id="${me.userId}"]`);
  await expect(admin).toBeVisible();
  // Where the delete would be, a lock that says why; no selection to delete it in bulk.
  await expect(admin.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(admin.getByRole('img', { name: /holds rights you do not/ })).toBeVisible();
  await expect(admin.getByRole('checkbox', { name: 'Select row' })).toBeDisabled();
  await admin.getByRole('img', { name: /holds rights you do not/ }).hover();
  await expect(page.getByRole('tooltip')).toContainText('you cannot rename, deactivate or delete them');
  await page.screenshot({ path: test.info().outputPath('takedown-users-list.png') });
  // The manager's own user cannot be deleted either; a lesser user can. Each is searched for: the
  // worker's domain holds more users than one page by the time this runs.
  await list.goto(`?q=${username}`);
  await expect(list.row(username).getByRole('img', { name: /This is your own user/ })).toBeVisible();
  await list.goto(`?q=${weak}`);
  await expect(list.row(weak).getByRole('button', { name: 'Delete' })).toBeVisible();

  // The editor: the name may change, not the username, the password or the Active switch.
  await page.goto(`/directory/users/${me.userId}`);
  const editor = new UserEditPage(page);
  await expect(page.getByTestId('user-kept')).toContainText('This user holds rights you do not');
  await expect(editor.field('Username')).toBeDisabled();
  await expect(editor.field('Name')).toBeEnabled();
  await expect(page.getByRole('switch', { name: /^Active/ })).toBeDisabled();
  await expect(page.getByRole('switch', { name: /^Active/ })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('takedown-user-editor.png') });
  // Its roles stay: the manager may give roles, but the administrator's pill has no remove button.
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByRole('combobox', { name: 'Roles' })).toBeEnabled();
  const pill = page.locator('.mantine-Pill-root', { hasText: me.roles[0].name });
  await expect(pill).toBeVisible();
  await expect(pill.locator('button')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('takedown-user-roles.png') });
  await context.close();

  // Nothing changed behind it.
  const after = await api.call<{ state: boolean; username: string }>('GET', `/users/${me.userId}`);
  expect(after).toMatchObject({ state: true, username: 'admin' });
});

test('the administrator raises a role it holds in the role editor, offered no reduction, and saves', async ({
  page,
  api,
  signedIn,
  request,
  domain,
}) => {
  const me = await api.call<UserInfo>('GET', '/userinfo');
  const adminRole = me.roles[0].id;
  const shared = await api.call<{ id: number; name: string }>('POST', '/roles', {
    name: `Desk staff ${stamp()}`,
    permissions: ['read'],
    metadata: { access: { admin: { access: 2 } } },
  });
  await api.call('PATCH', `/users/${me.userId}`, { roles: [{ id: adminRole }, { id: shared.id }] });
  try {
    expect(signedIn).toBeTruthy();
    // Read again: the session now holds the shared role.
    await page.goto(`/permissions/roles/${shared.id}`);
    await expect(page.getByTestId('role-raise-only')).toContainText('You hold this role: you may raise its rights');
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByRole('switch', { name: /Read any record/ })).toBeDisabled();
    await expect(page.getByRole('switch', { name: /Read any record/ })).toBeChecked();
    const settings = page.getByRole('switch', { name: /System settings/ });
    await expect(settings).toBeEnabled();
    await settings.check({ force: true });
    await page.getByRole('tab', { name: 'Application and section access' }).click();
    const adminApp = page.getByRole('radiogroup', { name: 'Admin', exact: true });
    await expect(adminApp.getByLabel('Forbidden')).toBeDisabled();
    const manage = await adminApp.getByLabel('Manage').getAttribute('id');
    await page.locator(`label[for="${manage}"]`).click();
    await page.screenshot({ path: test.info().outputPath('takedown-role-raise.png') });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/roles/${shared.id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Saved')).toBeVisible();
    const role = await api.call<{ permissions: string[]; metadata: unknown }>('GET', `/roles/${shared.id}`);
    expect(role.permissions).toEqual(['read', 'systemSetting']);
    expect(role.metadata).toEqual({ access: { admin: { access: 3 } } });

    // The roles list: the role one holds offers no delete, and says why.
    await page.goto('/permissions/roles');
    const row = page.locator('main table tbody tr', { hasText: shared.name });
    await expect(row.getByRole('img', { name: /You hold this role/ })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('takedown-roles-list.png') });

    // The objects screen: the role one holds keeps its grants on a class, raised only.
    const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
    const devices = items.find((c) => c.class === 'devices')?.id ?? 0;
    await api.call('PATCH', `/objclass/${devices}/acl`, [{ grantee: { id: shared.id }, grants: 'r' }]);
    const objects = new ObjectEditPage(page);
    await objects.goto(devices, 'Devices');
    await expect(objects.mode(shared.name, 'Read').getByLabel('Allow')).toBeChecked();
    await expect(objects.mode(shared.name, 'Read').getByLabel('Forbidden')).toBeDisabled();
    await expect(objects.mode(shared.name, 'Edit').getByLabel('Allow')).toBeEnabled();
    const grantRow = objects.accessTable.locator('tbody tr', { hasText: shared.name });
    await expect(grantRow.getByRole('img', { name: /You hold this role/ })).toBeVisible();
    await expect(grantRow.getByRole('button', { name: 'Remove the role' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('takedown-class-grants.png') });
  } finally {
    // Nobody takes a role away from their own user: a second administrator gives the first its
    // roles back as they were, and goes.
    const helper = `helper-${stamp()}`;
    const second = await api.createUser(helper, { roles: [{ id: adminRole }] });
    const login = await request.post('/api/login', { data: { username: helper, password: PASSWORD, domain } });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const back = await request.patch(`/api/users/${me.userId}`, {
      data: { roles: [{ id: adminRole }] },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(back.status()).toBe(200);
    await api.call('DELETE', `/users/${second.id}`);
  }
});
