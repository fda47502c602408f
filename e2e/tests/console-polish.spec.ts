import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { SignInPage } from '../pages/SignInPage';
import { wav } from '../wav';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('sidebar sections fold and stay folded, the active entry shows, the tab names the screen', async ({
  page,
  signedIn,
}) => {
  // Four screens and a reload.
  test.slow();
  const routing = signedIn.navSection('routing');
  await routing.click();
  await expect(routing).toHaveAttribute('aria-expanded', 'false');
  await expect(signedIn.navEntry('dialplan')).toBeHidden();
  await page.reload();
  await expect(signedIn.navSection('routing')).toHaveAttribute('aria-expanded', 'false');
  await expect(signedIn.navEntry('dialplan')).toBeHidden();
  await shot(page, 'nav-routing-folded');

  // A short window: the last entry of a long navigation is brought into view when it is opened.
  await page.setViewportSize({ width: 1280, height: 420 });
  await signedIn.open('devices');
  await expect(page).toHaveTitle('Devices · Switchboard');
  await page.goto('/permissions/objects');
  await expect(page.getByRole('heading', { name: 'Objects' })).toBeVisible();
  await expect(signedIn.navEntry('objects')).toBeInViewport();
  await expect(signedIn.navEntry('objects')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Objects · Switchboard');
  await shot(page, 'nav-active-entry-scrolled-into-view');

  // Opening a screen of a folded section unfolds it.
  await page.goto('/routing/dialplan');
  await expect(signedIn.navSection('routing')).toHaveAttribute('aria-expanded', 'true');
  await expect(signedIn.navEntry('dialplan')).toBeInViewport();
});

test('the skip link is the first stop and moves to the screen', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  // A fresh load: the keyboard starts at the top of the page, not on a clicked link.
  await page.goto('/directory/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'skip-link-focused');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

for (const [lang, dialplan, chatplan] of [
  ['ru', 'Диалплан', 'Чат-планы'],
  ['ua', 'Діалплан', 'Чат-плани'],
] as const) {
  test(`in ${lang} the navigation, the screen and the tab name the dialplan with one word`, async ({
    page,
    signedIn,
  }) => {
    await signedIn.switchLanguage(lang);
    await signedIn.open('dialplan');
    await expect(signedIn.navEntry('dialplan')).toHaveText(dialplan);
    await expect(page.getByRole('heading', { name: dialplan })).toBeVisible();
    await expect(page).toHaveTitle(`${dialplan} · Switchboard`);
    await shot(page, `nav-dialplan-${lang}`);
    await signedIn.open('chatplan');
    await expect(signedIn.navEntry('chatplan')).toHaveText(chatplan);
    await expect(page.getByRole('heading', { name: chatplan })).toBeVisible();
    await shot(page, `nav-chatplan-${lang}`);
  });
}

test('the hub links the console and shows the applications without a link disabled', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  await page.goto('/');
  await expect(page).toHaveTitle('Applications · Switchboard');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/start');
  // The browser-test server sets no APP_*_URL: every other application is there but disabled.
  for (const [app, variable] of [
    ['Agent Workspace', 'APP_AGENT_URL'],
    ['Dashboards', 'APP_GRAFANA_URL'],
  ]) {
    await expect(page.getByRole('link', { name: app })).toHaveCount(0);
    const card = page.locator('[aria-disabled="true"]', { hasText: app });
    await expect(card).toContainText(`Not set up on this server: ${variable} has no link.`);
  }
  await shot(page, 'hub-unset-applications-disabled');
});

test('the flow diagram follows dark mode and the payload label uses the normal font', async ({
  page,
  signedIn,
  api,
}) => {
  test.slow();
  expect(signedIn).toBeTruthy();
  const flow = await api.call<{ id: number }>('POST', '/routing/schema', {
    name: 'polish diagram',
    schema: [{ answer: {} }, { playback: { name: 'hello.wav' } }, { hangup: {} }],
  });
  await page.goto(`/routing/flow/${flow.id}`);
  const payload = page.getByLabel('Payload');
  const fontOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
  expect(await payload.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  expect(await fontOf('label:has-text("Payload")')).not.toMatch(/mono/i);
  expect(await fontOf('label:has-text("Payload")')).toBe(await fontOf('label:has-text("Name")'));
  await shot(page, 'flow-payload-label');

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.getByRole('tab', { name: 'Schema' }).click();
  await page.getByText('Diagram', { exact: true }).click();
  const diagram = page.locator('[data-flow-diagram]');
  await expect(diagram.locator('.react-flow')).toHaveClass(/\bdark\b/);
  const minimapBg = await diagram
    .locator('.react-flow__minimap')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const controlBg = await diagram
    .locator('.react-flow__controls-button')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  // Dark surfaces: every channel well under the middle.
  for (const color of [minimapBg, controlBg]) {
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
    expect(Math.max(r, g, b), color).toBeLessThan(100);
  }
  await shot(page, 'flow-diagram-dark');
});

test('at 800 px the list toolbar wraps and keeps Search and Add on screen', async ({ page, signedIn }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  expect(signedIn).toBeTruthy();
  await page.goto('/directory/devices');
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search' });
  const add = page.getByRole('link', { name: 'Add', exact: true });
  for (const control of [search, add]) {
    await expect(control).toBeInViewport({ ratio: 1 });
    const box = await control.boundingBox();
    const main = await page.locator('main').boundingBox();
    if (!box || !main) throw new Error('not drawn');
    expect(box.x + box.width).toBeLessThanOrEqual(main.x + main.width);
  }
  await shot(page, 'list-toolbar-800px');
});

test('a read-only field is readable: its text keeps the contrast of any text', async ({ api, browser }) => {
  // A user whose role may only read devices sees the device form read-only.
  const role = await api.call<{ id: number }>('POST', '/roles', { name: 'Polish device readers' });
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const devices = items.find((c) => c.class === 'devices');
  await api.call('PATCH', `/objclass/${devices?.id}/acl`, [{ grantee: { id: role.id }, grants: 'r' }]);
  await api.createUser('polish-reader', { roles: [{ id: role.id }] });
  const device = await api.call<{ id: number }>('POST', '/devices', {
    name: 'Reception desk',
    account: 'polish-201',
    password: 'Sip-secret-1',
  });
  // Devices have record-based access: the role reads this record too.
  await api.call('PATCH', `/devices/${device.id}/acl`, [{ grantee: { id: role.id }, grants: 'r' }]);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/start');
  await new SignInPage(page).signIn('polish-reader', 'E2e-user-password-1');
  await expect(page).toHaveURL(/\/start/);
  await page.goto(`/directory/devices/${device.id}`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Reception desk');
  await expect(name).toBeDisabled();
  const field = await name.evaluate((el) => {
    const s = getComputedStyle(el);
    return { color: s.color, opacity: s.opacity };
  });
  const text = await page
    .locator('main h1, main h2, main h3')
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  expect(field).toEqual({ color: text, opacity: '1' });
  await page.screenshot({ path: test.info().outputPath('read-only-field.png') });
  await context.close();
});

test('the media player shows the length before Play', async ({ page, signedIn, api }) => {
  expect(signedIn).toBeTruthy();
  const upload = await page.request.post('/api/storage/media', {
    headers: api.authorization(),
    multipart: { file: { name: 'polish-length.wav', mimeType: 'audio/wav', buffer: wav(7) } },
  });
  expect(upload.ok()).toBeTruthy();
  await page.goto('/lookups/media');
  const player = page.locator('main table tbody tr', { hasText: 'polish-length.wav' }).locator('audio');
  await expect(player).toHaveAttribute('preload', 'metadata');
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => ({ paused: audio.paused, duration: audio.duration })))
    .toEqual({ paused: true, duration: expect.closeTo(7, 1) });
  await shot(page, 'media-length-before-play');
});

test('the hotdesk account hint does not push its box out of the form grid', async ({ page, signedIn }) => {
  expect(signedIn).toBeTruthy();
  await page.goto('/directory/devices/hotdesk/new');
  const accountBox = page.getByRole('textbox', { name: 'Account', exact: true });
  await expect(accountBox).toBeVisible();
  const name = await page.getByRole('textbox', { name: 'Name', exact: true }).boundingBox();
  const account = await accountBox.boundingBox();
  if (!name || !account) throw new Error('not drawn');
  // Name and account share a row; the account's box lines up with the name's.
  expect(Math.abs(account.y - name.y)).toBeLessThan(2);
  expect(account.height).toBeCloseTo(name.height, 0);
  await shot(page, 'hotdesk-account-hint');
});
