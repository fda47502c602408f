import { expect, test } from '../fixtures';
import { FlowEditPage, RoutingListPage } from '../pages/RoutingPages';

type Flow = { id: number; name: string; schema: unknown; type: string };
type Rule = { id: number; name: string; position: number };
type Page<T> = { items: T[] };

test('a flow is created with the code editor, shown indented by 4 spaces, and invalid JSON saves nothing', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new RoutingListPage(page, '/routing/flow', 'Flows');
  const editor = new FlowEditPage(page);
  await signedIn.open('flow');
  await expect(page.getByRole('heading', { name: 'Flows' })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/routing\/flow\/new$/);
  await editor.field('Name').fill('e2e inbound');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Voice' }).click();
  await editor.tab('Schema').click();
  await editor.setCode('[{"answer": {}}, {"playback": {"files": [{"name": "hello.wav"}]}}, {"hangup": {}}]');
  await editor.save();
  await expect(page).toHaveURL(/\/routing\/flow\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const saved = await api.call<Flow>('GET', `/routing/schema/${id}`);
  expect(saved.schema).toEqual([{ answer: {} }, { playback: { files: [{ name: 'hello.wav' }] } }, { hangup: {} }]);

  // The saved schema comes back as text indented by 4 spaces.
  await editor.tab('Schema').click();
  await expect(editor.code).toContainText('    {        "answer": {}    },');
  await page.screenshot({ path: test.info().outputPath('flow-code.png') });

  // Broken JSON: the message shows under the editor and Save sends nothing.
  await editor.setCode('[{"answer": {}}, {"hangup": ');
  await expect(editor.schemaError).toHaveText('JSON is invalid');
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(`/api/routing/schema/${id}`)) sent++;
  });
  await editor.save();
  await expect(editor.tab('Schema')).toHaveAttribute('aria-selected', 'true');
  await expect(editor.schemaError).toHaveText('JSON is invalid');
  await page.screenshot({ path: test.info().outputPath('flow-invalid-json.png') });
  expect(sent).toBe(0);
  expect((await api.call<Flow>('GET', `/routing/schema/${id}`)).schema).toEqual(saved.schema);

  // A valid change saves and keeps the previous schema as a version, which can be restored.
  await editor.setCode('[{"answer": {}}]');
  await editor.save();
  await expect
    .poll(async () => (await api.call<Flow>('GET', `/routing/schema/${id}`)).schema)
    .toEqual([{ answer: {} }]);
  await editor.tab('Versions').click();
  const version = page.locator('main table tbody tr', { hasText: 'hello.wav' });
  await expect(version).toBeVisible();
  await version.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect.poll(async () => (await api.call<Flow>('GET', `/routing/schema/${id}`)).schema).toEqual(saved.schema);

  await list.goto();
  await expect(list.row('e2e inbound')).toContainText('Voice');
});

test('the flow list filters by type and tag', async ({ page, signedIn, api }) => {
  await api.call('POST', '/routing/schema', { name: 'filter chat bot', type: 'chat', tags: ['sales'] });
  await api.call('POST', '/routing/schema', { name: 'filter service job', type: 'service', tags: ['nightly'] });
  const list = new RoutingListPage(page, '/routing/flow', 'Flows');
  expect(signedIn).toBeTruthy();
  await list.goto('?q=filter*');
  await expect(list.row('filter chat bot')).toBeVisible();
  await expect(list.row('filter service job')).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Chat' }).click();
  await page.keyboard.press('Escape');
  await expect(list.row('filter service job')).toHaveCount(0);
  await expect(list.row('filter chat bot')).toBeVisible();
  await expect(page).toHaveURL(/type=chat/);
  await list.goto('?q=filter*&tags=nightly');
  await expect(list.row('filter chat bot')).toHaveCount(0);
  await expect(list.row('filter service job')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('flow-list-filtered.png') });
});

test('a 50-step flow reads as a diagram with branches side by side', async ({ page, signedIn, api }) => {
  const steps: unknown[] = [{ answer: {}, tag: 'start' }];
  for (let i = 1; i < 50; i++) {
    if (i === 5) {
      steps.push({
        if: Object.fromEntries([
          ['expression', 'caller == "vip"'],
          ['then', [{ playback: { name: 'vip.wav' } }, { bridge: { endpoints: ['user:100'] } }]],
          ['else', [{ playback: { name: 'queue.wav' } }]],
        ]),
      });
    } else if (i === 12) {
      steps.push({
        switch: { variable: 'lang', case: { en: [{ set: 'lang=en' }], ru: [{ set: 'lang=ru' }], default: [] } },
      });
    } else if (i === 49) {
      steps.push({ goto: 'start' });
    } else {
      steps.push({ [`step${i}`]: { n: i } });
    }
  }
  const flow = await api.call<Flow>('POST', '/routing/schema', { name: 'e2e fifty steps', schema: steps });
  expect(signedIn).toBeTruthy();
  await page.goto(`/routing/flow/${flow.id}`);
  const editor = new FlowEditPage(page);
  await editor.tab('Schema').click();
  await page.getByText('Diagram', { exact: true }).click();
  const diagram = page.locator('[data-flow-diagram]');
  await expect(diagram.locator('.react-flow__node')).not.toHaveCount(0);
  await expect(diagram.locator('[data-step="0"]')).toBeVisible();
  await expect(diagram.locator('[data-step="0"]')).toContainText('answer');
  await expect(diagram.locator('[data-step="5"]')).toContainText('if');
  await expect(diagram.locator('.react-flow__minimap')).toBeVisible();
  // The branches of the condition sit side by side below it.
  const then = await diagram.locator('[data-step="5.then.0"]').boundingBox();
  const otherwise = await diagram.locator('[data-step="5.else.0"]').boundingBox();
  const cond = await diagram.locator('[data-step="5"]').boundingBox();
  if (!then || !otherwise || !cond) throw new Error('branch steps not drawn');
  expect(Math.abs(then.y - otherwise.y)).toBeLessThan(2);
  expect(then.x).toBeLessThan(otherwise.x);
  expect(then.y).toBeGreaterThan(cond.y);
  // Readable: step cards are drawn at a size where their names can be read.
  expect(cond.width).toBeGreaterThan(150);
  await page.screenshot({ path: test.info().outputPath('flow-diagram-50-steps.png') });
  // The whole flow in view after "fit view" (the minimap shows where one is).
  await diagram.getByRole('button', { name: /fit view/i }).click();
  await page.screenshot({ path: test.info().outputPath('flow-diagram-50-steps-fit.png') });
});

test('dialplan rows are dragged to reorder, and the tester picks the first enabled match', async ({
  page,
  signedIn,
  api,
}) => {
  const old = await api.call<Page<Rule>>('GET', '/routing/outbound/calls?size=1000');
  if (old.items.length) {
    await api.call('DELETE', `/routing/outbound/calls?${old.items.map((r) => `id=${r.id}`).join('&')}`);
  }
  const flow = await api.call<Flow>('POST', '/routing/schema', { name: 'e2e outbound', type: 'voice' });
  const rule = (name: string, pattern: string, disabled = false) =>
    api.call<Rule>('POST', '/routing/outbound/calls', { name, schema: { id: flow.id }, pattern, disabled });
  await rule('international', '^00\\d+$');
  await rule('local', '^\\d{3}$');
  await rule('emergency', '^112$');
  await rule('disabled catch-all', '.*', true);

  const list = new RoutingListPage(page, '/routing/dialplan', 'Dialplan');
  expect(signedIn).toBeTruthy();
  await list.goto();
  await expect.poll(() => list.names()).toEqual(['international', 'local', 'emergency', 'disabled catch-all']);

  // The tester: 112 matches "local" first (position 2), not "emergency".
  const tester = page.getByTestId('dialplan-tester');
  await tester.getByRole('textbox', { name: 'Number to test' }).fill('112');
  await tester.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('dialplan-match')).toHaveText('Rule 2 “local” matches (^\\d{3}$)');

  // Drag "emergency" onto "local": it takes position 2 and local moves down.
  await list.drag('emergency', 'local');
  await expect(page.getByText('Successfully saved')).toBeVisible();
  await expect.poll(() => list.names()).toEqual(['international', 'emergency', 'local', 'disabled catch-all']);
  const positions = (await api.call<Page<Rule>>('GET', '/routing/outbound/calls?size=100')).items.map(
    (r) => `${r.position}:${r.name}`,
  );
  expect(positions).toEqual(['1:international', '2:emergency', '3:local', '4:disabled catch-all']);

  await tester.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('dialplan-match')).toHaveText('Rule 2 “emergency” matches (^112$)');
  await expect(list.row('emergency')).toHaveAttribute('data-row-id', /\d+/);
  await page.screenshot({ path: test.info().outputPath('dialplan-reordered-tested.png') });

  // Only the disabled rule would match: nothing matches.
  await tester.getByRole('textbox', { name: 'Number to test' }).fill('12345');
  await tester.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('dialplan-match')).toHaveText('No enabled rule matches this number');
});

test('a dialplan rule with a broken pattern is refused with the message under the field', async ({
  page,
  signedIn,
  api,
}) => {
  await api.call<Flow>('POST', '/routing/schema', { name: 'e2e pattern flow', type: 'voice' });
  expect(signedIn).toBeTruthy();
  await page.goto('/routing/dialplan/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('broken');
  await page.getByRole('combobox', { name: 'Flow' }).click();
  await page.getByRole('option', { name: 'e2e pattern flow' }).click();
  await page.getByRole('textbox', { name: 'Pattern', exact: true }).fill('^(12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Should be a valid regular expression')).toBeVisible();
  await expect(page).toHaveURL(/\/routing\/dialplan\/new$/);
  await page.getByRole('textbox', { name: 'Pattern', exact: true }).fill('^12$');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/routing\/dialplan\/\d+$/);
});

test('a chat plan is created with a chat flow and its enabled switch saves from the list', async ({
  page,
  signedIn,
  api,
}) => {
  await api.call<Flow>('POST', '/routing/schema', { name: 'e2e chat flow', type: 'chat' });
  await api.call<Flow>('POST', '/routing/schema', { name: 'e2e voice only', type: 'voice' });
  expect(signedIn).toBeTruthy();
  await page.goto('/routing/chatplan/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('e2e web chat');
  await page.getByRole('combobox', { name: 'Flow' }).click();
  // Only chat flows are offered.
  await expect(page.getByRole('option', { name: 'e2e chat flow' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'e2e voice only' })).toHaveCount(0);
  await page.getByRole('option', { name: 'e2e chat flow' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/routing\/chatplan\/\d+$/);
  const id = Number(page.url().split('/').pop());
  expect((await api.call<{ enabled: boolean }>('GET', `/routing/outbound/chat/${id}`)).enabled).toBe(true);

  const list = new RoutingListPage(page, '/routing/chatplan', 'Chat plans');
  await list.goto();
  const toggle = list.row('e2e web chat').getByRole('switch', { name: 'Enabled' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect
    .poll(async () => (await api.call<{ enabled: boolean }>('GET', `/routing/outbound/chat/${id}`)).enabled)
    .toBe(false);
  await list.goto();
  await expect(list.row('e2e web chat').getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('chatplan-list.png') });
});
