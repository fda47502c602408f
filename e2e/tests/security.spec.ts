import { expect, test } from '../fixtures';

/** The console works under its strict Content-Security-Policy: no screen trips it. */
test('the console runs under its content security policy without a single violation', async ({ page, signedIn }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/directory/users');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  const html = await response?.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
  for (const path of ['/directory/users', '/directory/devices', '/routing/flow', '/lookups/media', '/settings']) {
    await page.goto(path);
    await signedIn.expectShown();
    // The screen has drawn its data (a CSP refusal is reported as it happens).
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.locator('.mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('under-csp.png') });
  expect(violations).toEqual([]);
});
