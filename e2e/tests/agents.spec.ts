import type { APIRequestContext, Page } from '@playwright/test';
import { type AdminApi, expect, inWorkerDomain, test } from '../fixtures';

type Named = { id: number; name: string };

/** A telephony server's own user (telephonyEvents only): its token posts agent status events. */
async function telephonyToken(request: APIRequestContext, api: AdminApi) {
  const suffix = Date.now().toString(36);
  const role = await api.call<{ id: number }>('POST', '/roles', {
    name: `pbx-agents-${suffix}`,
    permissions: ['telephonyEvents'],
  });
  const username = `pbx-agents-${suffix}`;
  await api.call('POST', '/users', { username, password: 'E2e-pbx-password-1', roles: [{ id: role.id }] });
  const login = await request.post('/api/login', {
    data: { username: inWorkerDomain(username), password: 'E2e-pbx-password-1' },
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function postStatus(request: APIRequestContext, token: string, event: Record<string, unknown>) {
  const res = await request.post('/api/telephony/events', {
    data: { type: 'agent.status', ...event },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const suffix = () => Date.now().toString(36);

async function newAgent(api: AdminApi, name: string, team: Named, extra: Record<string, unknown> = {}) {
  const user = await api.createUser(`${name.toLowerCase().replace(/\W+/g, '-')}-${suffix()}`, { name });
  return api.call<Named>('POST', '/call_center/agents', { user: { id: user.id }, team: { id: team.id }, ...extra });
}

/** Picks an option of a searchable select named `label` (its required mark aside). */
async function choose(page: Page, label: RegExp, search: string, option: string) {
  const box = page.getByRole('combobox', { name: label }).first();
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test('creates an agent with skills and a supervisor, and a team with members', async ({ page, api, signedIn }) => {
  expect(signedIn).toBeTruthy();
  const tag = suffix();
  const team = await api.call<Named>('POST', '/call_center/teams', { name: `Sales ${tag}` });
  const skill = await api.call<Named>('POST', '/call_center/skills', { name: `French ${tag}` });
  const boss = await newAgent(api, `Boss ${tag}`, team, { isSupervisor: true });
  await api.createUser(`anna-${tag}`, { name: `Anna ${tag}` });

  // A new agent: its user is one who is no agent yet, its team is required.
  await page.goto('/contact-center/agents/new');
  await expect(page.getByRole('heading', { name: 'New agent' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Progressive count/ })).toHaveValue('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await choose(page, /^User/, `Anna ${tag}`, `Anna ${tag}`);
  await choose(page, /^Team/, `Sales ${tag}`, `Sales ${tag}`);
  await choose(page, /^Supervisors/, `Boss ${tag}`, `Boss ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Anna ${tag}` })).toBeVisible();
  await expect(page).toHaveURL(/\/contact-center\/agents\/\d+$/);

  // Skills: several at once, with their totals.
  await page.getByRole('tab', { name: 'Skills' }).click();
  await page.getByRole('button', { name: 'Add several' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, /^Skill/, `French ${tag}`, `French ${tag}`);
  await dialog.getByRole('textbox', { name: 'Capacity' }).fill('40');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.locator('main table tbody tr', { hasText: `French ${tag}` })).toContainText('40');
  await expect(page.getByTestId('agent-skill-aggs')).toContainText('Skills: 1');
  await page.screenshot({ path: test.info().outputPath('agent-skills.png'), fullPage: true });

  // The skill's editor lists the agents holding it.
  await page.goto(`/lookups/skills/${skill.id}`);
  await page.getByRole('tab', { name: 'Agents' }).click();
  await expect(page.locator('main table tbody tr', { hasText: `Anna ${tag}` })).toContainText('40');
  await page.screenshot({ path: test.info().outputPath('skill-agents.png'), fullPage: true });

  // The supervisor lists it among its subordinates.
  await page.goto(`/contact-center/agents/${boss.id}`);
  await page.getByRole('tab', { name: 'Subordinates' }).click();
  await expect(page.getByTestId('subordinates').getByRole('link', { name: `Anna ${tag}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('agent-subordinates.png'), fullPage: true });

  // The team's members: both agents; one taken out has no team.
  await page.goto(`/contact-center/teams/${team.id}`);
  await expect(page.getByRole('textbox', { name: /Wrap-up time/ })).toHaveValue('15');
  await page.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByTestId('team-members');
  await expect(members.getByRole('link', { name: `Anna ${tag}` })).toBeVisible();
  await expect(members.getByRole('link', { name: `Boss ${tag}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-members.png'), fullPage: true });
  await members.getByRole('button', { name: `Remove Boss ${tag}` }).click();
  await expect(members.getByRole('link', { name: `Boss ${tag}` })).toHaveCount(0);
  const stored = await api.call<{ team: Named | null }>('GET', `/call_center/agents/${boss.id}`);
  expect(stored.team).toBeNull();

  // A team with agents is not deleted: the server names them.
  await page.goto(`/contact-center/teams?q=Sales ${tag}`);
  await page
    .locator('main table tbody tr', { hasText: `Sales ${tag}` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`This team has agents: "Anna ${tag}"`)).toBeVisible();
});

test('shows a status change from the telephony side live, and sets one from the list', async ({
  page,
  api,
  request,
  signedIn,
}) => {
  expect(signedIn).toBeTruthy();
  const tag = suffix();
  const team = await api.call<Named>('POST', '/call_center/teams', { name: `Support ${tag}` });
  const agent = await newAgent(api, `Live ${tag}`, team);
  await api.call('POST', '/call_center/pause_causes', { name: `Lunch ${tag}` });
  const token = await telephonyToken(request, api);

  await page.goto(`/contact-center/agents?q=Live ${tag}`);
  const status = page.getByTestId(`agent-status-${agent.id}`);
  await expect(status).toContainText('Offline');
  await expect(page.getByTestId(`agent-duration-${agent.id}`)).toHaveText(/^00:00:\d\d$/);
  // A mark on the window survives only as long as the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { untouched: true }));
  await postStatus(request, token, { agentId: agent.id, status: 'online', channel: 'call' });
  await expect(status).toContainText('Online');
  expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('agents-live-online.png') });

  // From the list: a pause with a cause that allows administrators.
  await status.click();
  await page.getByRole('menuitem', { name: `Lunch ${tag}` }).click();
  await expect(status).toContainText(`Pause: Lunch ${tag}`);

  // The history lists both changes, newest first.
  await page.goto(`/contact-center/agents/${agent.id}`);
  await page.getByRole('tab', { name: 'State history' }).click();
  const rows = page.locator('main table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`Lunch ${tag}`);
  await expect(rows.nth(1)).toContainText('call');
  await page.screenshot({ path: test.info().outputPath('agent-history.png'), fullPage: true });
});

test('speaks Russian on the agents and teams screens, live status included', async ({
  page,
  api,
  request,
  signedIn,
}) => {
  const tag = suffix();
  const team = await api.call<Named>('POST', '/call_center/teams', { name: `Команда ${tag}` });
  const agent = await newAgent(api, `Оператор ${tag}`, team);
  const token = await telephonyToken(request, api);
  await signedIn.switchLanguage('ru');

  await page.goto(`/contact-center/agents?q=Оператор ${tag}`);
  await expect(page.getByRole('heading', { name: 'Операторы', exact: true })).toBeVisible();
  const status = page.getByTestId(`agent-status-${agent.id}`);
  await expect(status).toContainText('Не в сети');
  await postStatus(request, token, { agentId: agent.id, status: 'pause', pauseCause: 'Обед' });
  await expect(status).toContainText('Пауза: Обед');
  await page.screenshot({ path: test.info().outputPath('agents-ru.png') });

  await page.goto(`/contact-center/teams/${team.id}`);
  await expect(page.getByRole('tab', { name: 'Участники' })).toBeVisible();
  await page.getByRole('tab', { name: 'Участники' }).click();
  await expect(page.getByTestId('team-members').getByRole('link', { name: `Оператор ${tag}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-ru.png'), fullPage: true });
  await signedIn.switchLanguage('en');
});
