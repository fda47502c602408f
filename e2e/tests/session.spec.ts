import { ADMIN, expect, test } from '../fixtures';

test('a visitor is sent to sign in, then lands where they were going', async ({ page, signIn, shell }) => {
  await page.goto('/directory/users');
  await signIn.expectShown();
  await signIn.signIn(ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/directory\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await shell.expectShown();
});

test('a wrong password is answered on the sign-in page', async ({ page, signIn }) => {
  await signIn.goto();
  await signIn.signIn(ADMIN.username, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Wrong username or password');
  await signIn.expectShown();
});

test('an unknown path shows the 404 page with a way home', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: "Looks like you're lost" })).toBeVisible();
  await expect(page.getByText("Sorry, we can't find the page you want.")).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
});

test('/admin opens the start page', async ({ page, signedIn }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/start$/);
  await expect(signedIn.navSection('directory')).toBeVisible();
});

test('signing out drops the session', async ({ page, signedIn, signIn }) => {
  await signedIn.signOut();
  await signIn.expectShown();
  await page.goto('/directory/users');
  await signIn.expectShown();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});
