import { type AdminApi, expect, test } from '../fixtures';
import { ResourceEditPage, ResourceListPage } from '../pages/ResourcePages';

type Queue = {
  id: number;
  name: string;
  type: number;
  enabled: boolean;
  stickyAgent: boolean;
  schema: { id: number } | null;
  variables: Record<string, string>;
  payload: Record<string, unknown> & { amd?: Record<string, unknown> };
};

const setUp = async (api: AdminApi) => {
  const calendar = await api.call<{ id: number }>('POST', '/calendars', {
    name: 'E2E queue hours',
    timezone: { name: 'Europe/Kyiv' },
  });
  const flow = await api.call<{ id: number }>('POST', '/routing/schema', {
    name: 'E2E IVR flow',
    type: 'voice',
    schema: [{ answer: {} }],
  });
  return { calendar, flow };
};

test('queues: three types through their own tabs, max tasks warning, list filters and bulk enable, in en and ua', async ({
  page,
  signedIn,
  api,
}) => {
  const { flow } = await setUp(api);
  const list = new ResourceListPage(page, '/contact-center/queues', 'Queues');
  const editor = new ResourceEditPage(page);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const stored = (id: number) => api.call<Queue>('GET', `/call_center/queues/${id}`);
  // The address changes before the saved queue's screen replaces the new one's: wait for that
  // screen (its Permissions tab shows only once saved) before clicking on it.
  const savedId = async () => {
    await expect(page).toHaveURL(/\/contact-center\/queues\/\d+$/);
    await expect(tab('Permissions')).toBeVisible();
    return Number(page.url().split('/').at(-1));
  };
  await signedIn.open('queues');
  await expect(page.getByRole('heading', { name: 'Queues', exact: true })).toBeVisible();

  // Inbound: the type first, then its tabs; sticky agent wait shows only while sticky agent is on.
  await list.add();
  await expect(page.getByText('Choose the type of the queue')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-types.png') });
  await page.getByTestId('queue-type-inbound').click();
  await expect(page.getByRole('heading', { name: 'New: Inbound queue' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Strategy' })).toHaveCount(0);
  await editor.field('Name').fill('E2E inbound');
  await editor.choose('Calendar', 'E2E queue', 'E2E queue hours');
  await expect(tab('AMD')).toHaveCount(0);
  await expect(tab('Processing')).toBeVisible();
  await tab('Params').click();
  await expect(editor.field('Max wait time, s')).toHaveValue('3600');
  await expect(editor.field('Sticky agent wait, s')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Sticky agent' }).click({ force: true });
  await expect(editor.field('Sticky agent wait, s')).toHaveValue('5');
  await editor.field('Max wait time, s').fill('');
  await editor.save();
  await expect(page.getByText('This field is required')).toBeVisible();
  await editor.field('Max wait time, s').fill('120');
  await editor.save();
  const inboundId = await savedId();
  expect(await stored(inboundId)).toMatchObject({
    type: 1,
    stickyAgent: true,
    payload: { maxWaitTime: 120, stickyAgentSec: 5, timeBaseScore: 'queue' },
  });
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Inbound queue');
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeDisabled();
  await expect(tab('Permissions')).toBeVisible();

  // Predictive: its own defaults, the AMD tab, and the warning beside max tasks of 0.
  await list.goto();
  await list.add();
  await page.getByTestId('queue-type-predictive').click();
  await editor.field('Name').fill('E2E predictive');
  await editor.choose('Calendar', 'E2E queue', 'E2E queue hours');
  await tab('Params').click();
  await expect(editor.field('Max wait time, s')).toHaveValue('10');
  await expect(editor.field('Load factor')).toHaveValue('10');
  await expect(page.getByRole('combobox', { name: 'Statistics period' })).toHaveValue('1 hour');
  await expect(page.getByTestId('max-calls-zero')).toHaveCount(0);
  await editor.field('Max tasks').fill('0');
  await expect(page.getByTestId('max-calls-zero')).toHaveText('Queue max tasks of 0 means the dialer will not call.');
  await page.screenshot({ path: test.info().outputPath('queue-predictive-max-tasks.png'), fullPage: true });
  await tab('AMD').click();
  await expect(editor.field('Max word length, ms')).toHaveValue('5000');
  await expect(editor.field('Initial silence, ms')).toHaveValue('2500');
  await editor.save();
  const predictiveId = await savedId();
  const predictive = await stored(predictiveId);
  expect(predictive.payload).toMatchObject({ maxCalls: 0, maxWaitTime: 10, statisticTime: 60 });
  await tab('Params').click();
  await expect(page.getByTestId('max-calls-zero')).toBeVisible();

  // Outbound IVR: its flow (voice flows), recordings, AMD and variables.
  await list.goto();
  await list.add();
  await page.getByTestId('queue-type-outboundIvr').click();
  await editor.field('Name').fill('E2E outbound IVR');
  await editor.choose('Calendar', 'E2E queue', 'E2E queue hours');
  await editor.choose('Flow', 'E2E IVR', 'E2E IVR flow');
  await expect(tab('Processing')).toHaveCount(0);
  await tab('Params').click();
  await expect(page.getByRole('switch', { name: 'Record the whole call' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Record calls' }).click({ force: true });
  await page.getByRole('switch', { name: 'Record the whole call' }).click({ force: true });
  await page.getByRole('combobox', { name: 'Wait between retries' }).click();
  await page.getByRole('option', { name: '4 hours' }).click();
  await tab('AMD').click();
  await page.getByRole('switch', { name: 'Answering machine detection' }).click({ force: true });
  await editor.field('Max greeting, ms').fill('2000');
  await tab('Variables').click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('textbox', { name: 'Key' }).last().fill('campaign');
  await page.getByRole('textbox', { name: 'Value' }).last().fill('spring');
  await page.getByRole('button', { name: 'Add row' }).click();
  await page.screenshot({ path: test.info().outputPath('queue-ivr-variables.png') });
  await editor.save();
  const ivrId = await savedId();
  const ivr = await stored(ivrId);
  expect(ivr).toMatchObject({ type: 2, schema: { id: flow.id }, variables: { campaign: 'spring' } });
  expect(ivr.payload).toMatchObject({ recordings: true, recordAll: true, waitBetweenRetries: 14400, minDuration: 3 });
  expect(ivr.payload.amd).toMatchObject({ enabled: true, greeting: 2000, initialSilence: 2500 });

  // The list: type labelled, filters by type and state, several queues disabled at once.
  await list.goto();
  await expect(list.row('E2E predictive')).toContainText('Predictive dialer');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Predictive dialer' }).click();
  await expect(list.row('E2E predictive')).toBeVisible();
  await expect(list.row('E2E inbound')).toHaveCount(0);
  await expect(page).toHaveURL(/type=5/);
  await page.goto('/contact-center/queues?q=E2E');
  for (const name of ['E2E inbound', 'E2E predictive']) {
    await list.row(name).getByRole('checkbox', { name: 'Select row' }).check();
  }
  await page.getByRole('button', { name: 'Disable (2)' }).click();
  await expect(page.getByText('Records changed: 2')).toBeVisible();
  await expect(list.row('E2E inbound').getByRole('switch')).not.toBeChecked();
  await expect(list.row('E2E outbound IVR').getByRole('switch')).toBeChecked();
  expect((await stored(inboundId)).enabled).toBe(false);
  expect((await stored(predictiveId)).enabled).toBe(false);
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Disabled' }).click();
  await expect(list.row('E2E outbound IVR')).toHaveCount(0);
  await expect(list.row('E2E inbound')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-list-disabled.png'), fullPage: true });
  await list.row('E2E inbound').getByRole('checkbox', { name: 'Select row' }).check();
  await list.row('E2E predictive').getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Enable (2)' }).click();
  await expect(list.row('E2E inbound')).toHaveCount(0);
  expect((await stored(inboundId)).enabled).toBe(true);

  // In Ukrainian: the list, the type choice and the warning.
  await signedIn.switchLanguage('ua');
  await page.goto('/contact-center/queues');
  await expect(page.getByRole('heading', { name: 'Черги', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Активні дзвінки' })).toBeVisible();
  await expect(list.row('E2E predictive')).toContainText('Предиктивний обдзвін');
  await page.getByRole('button', { name: 'Увімкнути (0)' }).waitFor({ state: 'detached' });
  await list.row('E2E inbound').getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Вимкнути (1)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-list-ua.png'), fullPage: true });
  await page.goto('/contact-center/queues/new');
  await expect(page.getByText('Оберіть тип черги')).toBeVisible();
  await page.getByTestId('queue-type-progressive').click();
  await expect(page.getByRole('heading', { name: 'Нова: Прогресивний обдзвін' })).toBeVisible();
  await tab('Параметри').click();
  await page.getByRole('textbox', { name: 'Макс. завдань' }).fill('0');
  await expect(page.getByTestId('max-calls-zero')).toHaveText('Максимум завдань 0 означає, що обдзвін не дзвонитиме.');
  await expect(tab('AMD')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-progressive-ua.png'), fullPage: true });
  await page.goto(`/contact-center/queues/${predictiveId}`);
  await expect(page.getByRole('combobox', { name: 'Тип' })).toHaveValue('Предиктивний обдзвін');
  await signedIn.switchLanguage('en');
});
