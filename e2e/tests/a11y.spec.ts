import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { NAVIGATION } from '@switchboard/model';
import { ADMIN, type AdminApi, expect, test, workerDomain } from '../fixtures';
import { issueLicense } from '../license-keys';
import { SignInPage } from '../pages/SignInPage';
import { wav } from '../wav';

type Scheme = 'light' | 'dark';
const SCHEMES: Scheme[] = ['light', 'dark'];
const SCHEME_KEY = 'switchboard-color-scheme';

/** Screens outside the navigation: the hub, the start page, settings and the error pages. */
const FIXED_ROUTES = ['/', '/start', '/settings', '/access-denied', '/no-such-screen'];

/** How deep the crawl follows links below a navigation entry: list → editor → nested editor. */
const MAX_DEPTH = 2;

type Finding = { scheme: Scheme; route: string; rule: string; impact: string; help: string; targets: string[] };

/**
 * One record of every kind the console lists, so that each list has a row whose editor the crawl
 * opens. A list left empty is reported below, so a new resource without a record here fails.
 */
async function seed(api: AdminApi, request: Page['request']) {
  const voice = await api.call<{ id: number }>('POST', '/routing/schema', { name: 'a11y voice', type: 'voice' });
  const chat = await api.call<{ id: number }>('POST', '/routing/schema', { name: 'a11y chat', type: 'chat' });
  await api.createUser('a11y-user', { name: 'Ada Lovelace' });
  await api.call('POST', '/devices', { name: 'a11y desk', account: 'a11y-101', password: 'Sip-secret-1' });
  await api.call('POST', '/devices', {
    name: 'a11y hotdesk',
    account: 'a11y-102',
    password: 'Sip-secret-1',
    hotdesk: true,
    hotdesks: ['a11y-host'],
  });
  await api.call('PUT', '/customer', {
    certificate: issueLicense({
      product: 'CALL_CENTER',
      limit: 5,
      days: 90,
      serial: 'A11Y-CC-1',
      domain: workerDomain(),
    }),
  });
  await api.call('POST', '/routing/outbound/calls', { name: 'a11y rule', pattern: '^1', schema: { id: voice.id } });
  await api.call('POST', '/routing/outbound/chat', { name: 'a11y chat plan', schema: { id: chat.id } });
  await api.call('POST', '/sip/gateways', {
    name: 'a11y register',
    register: true,
    account: 'sip:a11y@example.com',
    password: 'Secret-1',
    proxy: 'example.com',
    expires: 300,
  });
  const trunk = await api.call<{ id: number }>('POST', '/sip/gateways', {
    name: 'a11y trunk',
    register: false,
    host: '10.0.0.1',
    proxy: '10.0.0.1',
  });
  await api.call('POST', '/chat/bots', {
    name: 'a11y bot',
    uri: '/a11ybot',
    flow: { id: chat.id },
    provider: 'webchat',
  });
  const skill = await api.call<{ id: number }>('POST', '/call_center/skills', { name: 'a11y skill' });
  const team = await api.call<{ id: number }>('POST', '/call_center/teams', { name: 'a11y team' });
  const agentUser = await api.createUser('a11y-agent', { name: 'Grace Hopper' });
  const agent = await api.call<{ id: number }>('POST', '/call_center/agents', {
    user: { id: agentUser.id },
    team: { id: team.id },
    isSupervisor: true,
  });
  await api.call('POST', `/call_center/agents/${agent.id}/skills`, { skill: { id: skill.id } });
  await api.call('POST', '/call_center/buckets', { name: 'a11y bucket' });
  const list = await api.call<{ id: number }>('POST', '/call_center/list', { name: 'a11y list' });
  await api.call('POST', `/call_center/list/${list.id}/communication`, { number: '+15550100' });
  await api.call('POST', '/regions', { name: 'a11y region', timezone: { id: 1, name: 'UTC' } });
  const calendar = await api.call<{ id: number }>('POST', '/calendars', {
    name: 'a11y calendar',
    timezone: { id: 1, name: 'UTC' },
  });
  const queue = await api.call<{ id: number }>('POST', '/call_center/queues', {
    name: 'a11y queue',
    type: 0,
    priority: 3,
    calendar: { id: calendar.id },
  });
  await api.call('POST', '/storage/import_templates', {
    name: 'a11y template',
    source: { id: queue.id },
    parameters: { mappings: { name: 'name', destination: ['phone'], code: ['type'] } },
  });
  const phone = await api.call<{ id: number }>('POST', '/call_center/communication_type', {
    name: 'a11y phone',
    code: 'a11y',
    channel: 'phone',
  });
  const line = await api.call<{ id: number }>('POST', '/call_center/resources', {
    name: 'a11y line',
    gateway: { id: trunk.id },
  });
  await api.call('POST', `/call_center/resources/${line.id}/display`, { display: '+15550101' });
  const group = await api.call<{ id: number }>('POST', '/call_center/resource_group', {
    name: 'a11y group',
    communication: { id: phone.id },
  });
  await api.call('POST', `/call_center/resource_group/${group.id}/resource`, { resource: { id: line.id } });
  // Disabled: the media the browser tests upload stay in the local media folder.
  await api.call('POST', '/storage/backend_profiles', {
    name: 'a11y archive',
    type: 'local',
    disabled: true,
    properties: { directory: 'a11y-archive' },
  });
  const service = await api.call<{ id: number }>('POST', '/routing/schema', { name: 'a11y service', type: 'service' });
  // Disabled: nothing polls its mailbox while the crawl runs.
  await api.call('POST', '/email/profile', {
    name: 'a11y mailbox',
    schema: { id: service.id },
    imapHost: 'imap.example.com',
    smtpHost: 'smtp.example.com',
    login: 'a11y@example.com',
    enabled: false,
  });
  // Disabled: no slot of it runs while the crawl looks.
  await api.call('POST', '/trigger', {
    name: 'a11y nightly',
    schema: { id: service.id },
    timezone: { name: 'UTC' },
    expression: '0 30 3 * * *',
    enabled: false,
  });
  // Disabled: the text-to-speech dialog of the media tests keeps offering the local engine first.
  await api.call('POST', '/storage/cognitive_profiles', {
    name: 'a11y voice profile',
    provider: 'microsoft',
    service: 'tts',
    enabled: false,
    properties: { key: 'a11y-key', region: 'westeurope' },
  });
  await api.call('POST', '/logger/config', { object: 'queues', description: 'a11y' });
  await api.call('POST', '/call_center/pause_causes', { name: 'a11y lunch' });
  const upload = await request.post('/api/storage/media', {
    headers: api.authorization(),
    multipart: { file: { name: 'a11y-tone.wav', mimeType: 'audio/wav', buffer: wav(3) } },
  });
  expect(upload.ok()).toBeTruthy();
}

/** The screen has its data: no loader left, and no transition half-way (contrast is measured). */
async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** A route's shape: numeric segments are record ids, so one editor per resource is enough. */
const shape = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/:id');

/**
 * Links of the screen below `base` (its editors), the Add menus' entries among them. A list whose
 * editors the spec names in the singular (`email-profiles` → `email-profile/{id}`) counts those too.
 */
async function linksBelow(page: Page, base: string): Promise<string[]> {
  const main = page.locator('main');
  const hrefs = await main.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  const menus = main.locator('button[aria-haspopup="menu"]');
  for (let i = 0; i < (await menus.count()); i++) {
    const menu = menus.nth(i);
    if (!(await menu.isEnabled())) continue;
    await menu.click();
    const items = page.locator('[role="menu"] a[role="menuitem"][href]');
    // The menu opens with a transition: read its entries once it shows, not before.
    await expect(page.locator('[role="menu"]').first()).toBeVisible();
    hrefs.push(...(await items.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))));
    await page.keyboard.press('Escape');
  }
  // Some editors live beside their list, named in the singular (`cognitive-profile/{id}` beside
  // `cognitive-profiles`).
  const beside = base.endsWith('s') ? `${base.slice(0, -1)}/` : null;
  return hrefs.filter((href) => href.startsWith(`${base}/`) || (beside !== null && href.startsWith(beside)));
}

async function check(page: Page, scheme: Scheme, route: string, findings: Finding[]) {
  try {
    await settle(page);
  } catch (error) {
    // A screen that never finishes loading is a finding of its own; the crawl goes on.
    findings.push({ scheme, route, rule: 'settle', impact: 'critical', help: String(error), targets: [] });
    console.log(`a11y ${scheme} ${route}: did not settle`);
    return;
  }
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  // The pointer stays where sign-in clicked: a row it happens to hover is shaded, which is no
  // state under test (a striped, hovered row lowers a link's contrast). Park it on the header.
  await page.mouse.move(0, 0);
  // Legacy mode runs axe in the page itself: the console has no frames, and the default mode opens
  // a blank page per check to merge frame results, which tripled the time of each check.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    console.log(`a11y ${scheme} ${route}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    findings.push({
      scheme,
      route,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    });
  }
  if (process.env.A11Y_SCREENSHOTS) {
    const name = `${scheme}${route === '/' ? '-hub' : route.replaceAll(/[/:]+/g, '-')}.png`;
    await page.screenshot({ path: test.info().outputPath(name) });
  }
}

/** Moves within the signed-in console as a link does: no reload, the one page stays. */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Two frames: the router has rendered the new screen (or its loader) by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function useScheme(page: Page, scheme: Scheme) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SCHEME_KEY, scheme]);
}

/** Whether this worker's domain holds the crawl's records already (the other scheme's test seeded them). */
async function seeded(api: AdminApi): Promise<boolean> {
  const causes = await api.call<{ items?: { name: string }[] }>('GET', '/call_center/pause_causes?q=a11y%20lunch');
  return (causes.items ?? []).some((cause) => cause.name === 'a11y lunch');
}

// The two schemes are two tests that may run at once in two workers (each in its own domain, seeded
// there); in one worker the second finds the records of the first.
test.describe.configure({ mode: 'parallel' });

for (const scheme of SCHEMES) {
  test(`every screen passes axe-core in ${scheme} mode`, async ({ page, api }) => {
    // About 45 checks: a couple of minutes on a quiet machine; the limit leaves room for a busy one
    // (on two cores at load 30, 20 minutes were not enough for both schemes).
    test.setTimeout(45 * 60_000);
    // The pause cause is seeded after everything but the media file: seed again only without it.
    if (!(await seeded(api))) await seed(api, page.request);
    page.on('dialog', (dialog) => dialog.accept());
    const findings: Finding[] = [];
    const started = Date.now();

    // The sign-in page, before signing in.
    await page.goto('/auth');
    await useScheme(page, scheme);
    await page.reload();
    await check(page, scheme, '/auth', findings);
    await new SignInPage(page).signIn(ADMIN.username, ADMIN.password);
    await expect(page).not.toHaveURL(/\/auth/);

    const seen = new Set<string>();
    const emptyLists: string[] = [];
    await useScheme(page, scheme);
    await page.reload();
    for (const route of FIXED_ROUTES) {
      await open(page, route);
      seen.add(route);
      await check(page, scheme, route, findings);
    }
    const entries = NAVIGATION.flatMap((section) => section.entries);
    for (const entry of entries) {
      const queue: { path: string; depth: number }[] = [{ path: entry.route, depth: 0 }];
      while (queue.length > 0) {
        const { path, depth } = queue.shift() as { path: string; depth: number };
        if (seen.has(shape(path))) continue;
        seen.add(shape(path));
        await open(page, path);
        // A way back that redirects (`..` of a variant's editor) lands on a screen already checked.
        const landed = shape(new URL(page.url()).pathname);
        if (landed !== shape(path) && seen.has(landed)) continue;
        await check(page, scheme, shape(path), findings);
        if (depth >= MAX_DEPTH) continue;
        const below = await linksBelow(page, entry.route);
        if (depth === 0 && (await page.getByText('No records yet').count()) > 0) emptyLists.push(entry.route);
        for (const href of below) if (!seen.has(shape(href))) queue.push({ path: href, depth: depth + 1 });
      }
    }

    console.log(`axe-core ${scheme}: ${Math.round((Date.now() - started) / 1000)} s`);
    const routes = [...seen].sort();
    console.log(`axe-core checked ${routes.length} routes in ${scheme} mode:\n  ${routes.join('\n  ')}`);
    // Every screen of the navigation was reached, and the 30 record editors below them that the
    // crawl opened when it was split by scheme (a screen that stops linking its editors lowers it).
    expect(entries.map((entry) => entry.route).filter((route) => !seen.has(shape(route)))).toEqual([]);
    expect(routes.filter((route) => route.includes('/:id')).length).toBeGreaterThanOrEqual(30);
    expect(emptyLists, 'lists without a record to open: seed one above').toEqual([]);
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
}
