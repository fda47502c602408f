import { expect, inWorkerDomain, test, workerDomain } from '../fixtures';
import { issueLicense } from '../license-keys';
import { LicensesListPage, LicenseUsersPage } from '../pages/LicensePages';
import { UserEditPage } from '../pages/UsersPages';

const USER_PASSWORD = 'E2e-user-password-1';

test('import a license, filter by expiry, give it to a user, see it used, and log its user out', async ({
  page,
  signedIn,
  api,
  request,
}) => {
  expect(signedIn).toBeTruthy();
  const user = await api.createUser('lic-holder');
  // The holder signs in elsewhere: one live session to see and end.
  const login = await request.post('/api/login', {
    data: { username: inWorkerDomain('lic-holder'), password: USER_PASSWORD },
  });
  const holderToken = ((await login.json()) as { accessToken: string }).accessToken;

  const list = new LicensesListPage(page);
  await list.goto();

  // A tampered license is refused with the server's reason, and nothing is listed.
  const good = issueLicense({ product: 'CALL_CENTER', limit: 2, days: 20, serial: 'E2E-CC-1', domain: workerDomain() });
  const [prefix, payload, signature] = good.split('.');
  const fields = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const tampered = `${prefix}.${Buffer.from(JSON.stringify({ ...fields, limit: 500 })).toString('base64url')}.${signature}`;
  const dialog = await list.importText(tampered);
  await expect(dialog.getByRole('alert')).toContainText('The license signature is not valid');
  await page.screenshot({ path: test.info().outputPath('licenses-import-refused.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.row('E2E-CC-1')).toHaveCount(0);

  await list.importText(good);
  await expect(page.getByText('License CALL_CENTER imported')).toBeVisible();
  await expect(list.row('E2E-CC-1')).toContainText('0 / 2');
  await expect(list.row('E2E-CC-1')).toContainText('Days left: 20');

  // A second license whose one seat goes to someone else through the API.
  await api.call('PUT', '/customer', {
    certificate: issueLicense({ product: 'CHAT', limit: 1, days: 200, serial: 'E2E-CHAT-1', domain: workerDomain() }),
  });
  const other = await api.createUser('lic-other');
  const chat = await api.call<{ items: { id: number }[] }>('GET', '/license?q=E2E-CHAT-1');
  await api.call('PATCH', `/users/${other.id}`, { license: [chat.items[0].id] });

  // The expiry filters: ending within 30 days lists CALL_CENTER only; nothing has expired.
  await list.filter('30 days or fewer');
  await expect(page).toHaveURL(/expiry=30/);
  await expect(list.row('E2E-CC-1')).toBeVisible();
  await expect(list.row('E2E-CHAT-1')).toHaveCount(0);
  await list.filter('90 days or fewer');
  await expect(list.row('E2E-CHAT-1')).toHaveCount(0);
  await list.filter('Expired');
  await expect(page.getByTestId('list-empty')).toHaveText('No records match the filter');
  await list.filter('All');
  await expect(list.row('E2E-CHAT-1')).toContainText('1 / 1');
  await page.screenshot({ path: test.info().outputPath('licenses-list.png') });

  // The user's licence tab: switch CALL_CENTER on and save; the list counts the seat.
  const editor = new UserEditPage(page);
  await page.goto(`/directory/users/${user.id}`);
  await page.getByRole('tab', { name: 'Licence' }).click();
  await page.getByRole('switch', { name: /Give CALL_CENTER \(E2E-CC-1\)/ }).click({ force: true });
  await editor.save();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E-CC-1/ })).toContainText('1 / 2');

  // The CHAT seat is taken: switching it on is refused by the server, with its message.
  await page.getByRole('switch', { name: /Give CHAT \(E2E-CHAT-1\)/ }).click({ force: true });
  await editor.save();
  await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText('is used up: 1 of 1 assigned');
  await page.screenshot({ path: test.info().outputPath('licenses-user-tab-refused.png') });
  const saved = await api.call<{ license: { prod: string }[] }>('GET', `/users/${user.id}`);
  expect(saved.license.map((l) => l.prod)).toEqual(['CALL_CENTER']);

  await list.goto();
  await expect(list.row('E2E-CC-1')).toContainText('1 / 2');

  // The license's users: the holder with one session; logging out ends it.
  await list.row('E2E-CC-1').getByRole('link', { name: 'CALL_CENTER' }).click();
  await expect(page).toHaveURL(/\/directory\/license\/\d+$/);
  const users = new LicenseUsersPage(page);
  await expect(users.row('lic-holder')).toContainText(workerDomain());
  await expect(users.row('lic-holder').locator('td').nth(2)).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('licenses-users.png') });
  await users.logout('lic-holder');
  await expect(page.getByText('Sessions ended: 1')).toBeVisible();
  await expect(users.row('lic-holder').locator('td').nth(2)).toHaveText('0');
  const after = await request.get('/api/userinfo', { headers: { authorization: `Bearer ${holderToken}` } });
  expect(after.status()).toBe(401);
});
