import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, expect, test } from '../fixtures';

const PASSWORD = 'E2e-user-password-1';
/** Signed in: a user without roles lands on the application hub, which has the user menu too. */
const expectSignedIn = (page: Page) => expect(page.getByTestId('user-menu')).toBeVisible();
/** What the phone's authenticator app shows, `offset` periods from now. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

test('a user sets up two-factor sign-in, signs in with a code, and an administrator resets it', async ({
  page,
  api,
  signIn,
  shell,
}) => {
  const username = `tf-${Date.now().toString(36)}`;
  const user = await api.createUser(username);
  await signIn.goto();
  await signIn.signIn(username, PASSWORD);
  await expectSignedIn(page);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Six-digit code').fill('000000');
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('The code is not valid')).toBeVisible();
  await section.getByLabel('Six-digit code').fill(codeOf(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  const codes = section.getByTestId('recovery-codes');
  await expect(codes.getByText(/^[a-z2-9]{5}-[a-z2-9]{5}$/)).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('recovery-codes.png'), fullPage: true });
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();

  await shell.signOut();
  await signIn.signIn(username, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('code-step.png') });
  // The code of the next period: the one used for the set-up is spent.
  await page.getByLabel('Code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
  await shell.signOut();

  // The administrator sees it on the user and resets it; the password alone signs in again.
  await signIn.signIn(ADMIN.username, ADMIN.password);
  await expectSignedIn(page);
  await page.goto(`/directory/users/${user.id}`);
  const status = page.getByTestId('user-two-factor');
  await expect(status.getByText('On', { exact: true })).toBeVisible();
  await status.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(status.getByText('Off', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-reset.png') });
  await shell.signOut();
  await signIn.signIn(username, PASSWORD);
  await expectSignedIn(page);
});

test('a role that requires two-factor sign-in makes its members set it up at sign-in', async ({
  page,
  api,
  signIn,
}) => {
  const role = await api.call<{ id: number }>('POST', '/roles', {
    name: `Two-factor ${Date.now().toString(36)}`,
    requireTwoFactor: true,
  });
  const username = `tfr-${Date.now().toString(36)}`;
  await api.createUser(username, { roles: [{ id: role.id }] });
  await signIn.goto();
  await signIn.signIn(username, PASSWORD);
  await expect(page.getByText('A role you hold requires two-factor sign-in: set it up to continue.')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  await page.screenshot({ path: test.info().outputPath('enrol-at-sign-in.png'), fullPage: true });
  await page.getByLabel('Six-digit code').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByText(/-/)).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expectSignedIn(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('A role you hold requires two-factor sign-in.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
});
