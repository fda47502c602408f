import { expect, test } from '../fixtures';

test('the language switch survives a reload', async ({ page, signedIn }) => {
  await signedIn.switchLanguage('ru');
  await expect(signedIn.navSection('directory')).toContainText('Каталог');
  await page.reload();
  await expect(signedIn.navSection('directory')).toContainText('Каталог');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
  await signedIn.switchLanguage('ua');
  await expect(page.getByRole('heading', { name: 'Адміністрування' })).toBeVisible();
  await signedIn.switchLanguage('en');
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
});
