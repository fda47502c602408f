import { expect, test } from '../fixtures';
import { UserEditPage, UsersListPage } from '../pages/UsersPages';

test('create, edit and delete a user through the screens', async ({ page, signedIn, api }) => {
  const list = new UsersListPage(page);
  const editor = new UserEditPage(page);
  await signedIn.open('users');
  await expect(page).toHaveURL(/\/directory\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await list.add();
  await expect(page).toHaveURL(/\/directory\/users\/new$/);
  await editor.field('Name').fill('Carol Jones');
  await editor.field('Username').fill('carol');
  await editor.field('Password').fill('Carol-password-1');
  await editor.save();
  await expect(page).toHaveURL(/\/directory\/users\/\d+$/);
  const created = await api.findUser('carol');
  expect(created).toBeDefined();

  await editor.field('Name').fill('Carol Smith');
  await editor.save();
  await expect
    .poll(async () => (await api.call<{ name: string }>('GET', `/users/${created?.id}`)).name)
    .toBe('Carol Smith');

  await list.goto();
  await expect(list.row('carol')).toContainText('Carol Smith');
  await list.row('carol').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.row('carol')).toHaveCount(0);
  expect(await api.findUser('carol')).toBeUndefined();
});

test('bulk delete removes the selected users after the confirmation', async ({ page, signedIn, api }) => {
  for (const name of ['bulk-a', 'bulk-b', 'bulk-c']) await api.createUser(name);
  const list = new UsersListPage(page);
  expect(signedIn).toBeTruthy();
  await list.goto('?q=bulk');
  await expect(list.row('bulk-c')).toBeVisible();
  await list.select('bulk-a');
  await list.select('bulk-b');
  await list.deleteSelected();
  await expect(list.row('bulk-a')).toHaveCount(0);
  await expect(list.row('bulk-b')).toHaveCount(0);
  await expect(list.row('bulk-c')).toBeVisible();
  expect(await api.findUser('bulk-a')).toBeUndefined();
  expect(await api.findUser('bulk-c')).toBeDefined();
});

test('search narrows the list and sorting by username reverses it', async ({ page, signedIn, api }) => {
  for (const name of ['sorty-1', 'sorty-2', 'sorty-3', 'other-x']) await api.createUser(name);
  const list = new UsersListPage(page);
  expect(signedIn).toBeTruthy();
  await list.goto();
  await list.search.fill('sorty');
  await list.search.press('Enter');
  await expect(list.row('sorty-3')).toBeVisible();
  await expect(list.row('other-x')).toHaveCount(0);
  await expect(page).toHaveURL(/q=sorty/);

  await list.sortBy('Username');
  await expect.poll(() => list.usernames()).toEqual(['sorty-1', 'sorty-2', 'sorty-3']);
  await list.sortBy('Username');
  await expect.poll(() => list.usernames()).toEqual(['sorty-3', 'sorty-2', 'sorty-1']);

  await list.search.fill('nobody-like-this');
  await list.search.press('Enter');
  await expect(page.getByText('Search gave no results')).toBeVisible();
});

test('the do-not-disturb toggle sets the presence status shown in the list', async ({ page, signedIn, api }) => {
  expect(signedIn).toBeTruthy();
  await api.createUser('dora', { name: 'Dora Quiet' });
  const list = new UsersListPage(page);
  await list.goto('?q=dora');
  const row = list.row('dora');
  await expect(row).toBeVisible();
  const dnd = row.getByRole('switch', { name: 'Do not disturb' });
  await dnd.click({ force: true });
  await expect(dnd).toBeChecked();
  // The status column follows without a manual refresh.
  await expect(row.getByText('Do not disturb', { exact: true })).toBeVisible();
  expect(
    (await api.call<{ presence: { status: string } }>('GET', `/users/${(await api.findUser('dora'))?.id}`)).presence
      .status,
  ).toBe('dnd');
  await page.screenshot({ path: test.info().outputPath('users-dnd.png') });
  await dnd.click({ force: true });
  await expect(dnd).not.toBeChecked();
  await expect(row.getByText('Do not disturb', { exact: true })).toHaveCount(0);
});
