import { expect, test } from '../fixtures';

test('the dark theme is kept across a reload', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
  await expect.poll(scheme).toBe('light');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(scheme).toBe('dark');
  await page.reload();
  await expect.poll(scheme).toBe('dark');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect.poll(scheme).toBe('light');
});
