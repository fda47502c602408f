import { expect, test } from '../fixtures';
import { TriggerPage } from '../pages/TriggerPages';

const PATH = '/trigger';
const DURATION = /\d{2}:\d{2}:\d{2}\.\d{3}/;

async function serviceFlow(api: { call<T>(method: 'POST', path: string, data?: unknown): Promise<T> }, name: string) {
  return api.call<{ id: number }>('POST', '/routing/schema', { name, type: 'service', schema: [] });
}

test('a trigger is created with its defaults and next runs, run now, and its run shows in the run log', async ({
  page,
  signedIn,
  api,
}) => {
  await serviceFlow(api, `e2e trigger flow ${Date.now()}`);
  const editor = new TriggerPage(page);
  await signedIn.open('triggers');
  await expect(page.getByRole('heading', { name: 'Triggers' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Add' })
    .or(page.getByRole('button', { name: 'Add' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/integrations\/triggers\/new$/);
  await expect(page.getByRole('heading', { name: 'New trigger' })).toBeVisible();
  // The spec's defaults: cron ("At time") at 12 o'clock every minute, 60 s.
  await expect(editor.field('Expression')).toHaveValue('0 */1 12 * * *');
  await expect(editor.field('Timeout, s')).toHaveValue('60');
  await expect(editor.combobox('Type').or(editor.field('Type'))).toHaveValue('At time');
  await expect(editor.nextRuns()).toHaveCount(5);

  await editor.save();
  await expect(editor.errorOf('Name')).toHaveText('This field is required');
  await editor.field('Name').fill('e2e nightly');
  await editor.choose('Flow', 'e2e trigger flow', /e2e trigger flow/);
  await editor.choose('Time zone', 'Kyiv', /Europe\/Kyiv/);
  await editor.field('Expression').fill('0 61 * * * *');
  await expect(page.getByText('No run times: check the expression')).toBeVisible();
  await editor.save();
  await expect(editor.errorOf('Expression')).toHaveText('Invalid cron expression');
  // Mondays at 03:30 in Kyiv: the next five are shown in that zone.
  await editor.field('Expression').fill('0 30 3 * * 1');
  await expect(page.getByText('Next runs (Europe/Kyiv)')).toBeVisible();
  await expect(editor.nextRuns()).toHaveCount(5);
  for (const item of await editor.nextRuns().all()) await expect(item).toContainText(/Mon.*03:30:00/);
  await page.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('textbox', { name: 'Key' }).fill('greeting');
  await page.getByRole('textbox', { name: 'Value' }).fill('hello');
  await page.screenshot({ path: test.info().outputPath('trigger-new.png'), fullPage: true });
  await editor.save();
  const id = await editor.savedId();
  try {
    await editor.runNow('Run now').click();
    await expect(page.getByText('Successfully ran')).toBeVisible();
    await editor.tab('Run log').click();
    await expect(editor.rows().first()).toContainText('Done');
    await expect(editor.rows().first()).toContainText(DURATION);
    await expect(page.getByRole('columnheader', { name: 'Duration' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('trigger-run-log.png'), fullPage: true });

    await page.goto('/integrations/triggers');
    const row = editor.row('e2e nightly');
    await expect(row).toContainText('0 30 3 * * 1');
    await expect(row).toContainText('Europe/Kyiv');
    await expect(row).toContainText(/Mon.*03:30:00/);
    await page.screenshot({ path: test.info().outputPath('triggers-list.png'), fullPage: true });
  } finally {
    await api.call('DELETE', `${PATH}/${id}`);
  }
});

test('in Russian: run now a trigger whose runner does not answer in time, and read the error in the run log', async ({
  page,
  signedIn,
  api,
}) => {
  const flow = await serviceFlow(api, `e2e slow flow ${Date.now()}`);
  const trigger = await api.call<{ id: number }>('POST', PATH, {
    name: 'e2e медленный',
    schema: { id: flow.id },
    timezone: { name: 'Europe/Moscow' },
    expression: '0 0 4 1 * *',
    timeout: 1,
    variables: { runnerDelayMs: '2500' },
  });
  const editor = new TriggerPage(page);
  try {
    await signedIn.switchLanguage('ru');
    await page.goto(`/integrations/triggers/${trigger.id}`);
    await expect(page.getByText('Ближайшие запуски (Europe/Moscow)')).toBeVisible();
    await expect(editor.nextRuns()).toHaveCount(5);
    await editor.tab('Журнал запусков').click();
    await editor.runNow('Запустить сейчас').click();
    await expect(page.getByText('Успешно запущено')).toBeVisible();
    const run = editor.rows().first();
    await expect(run).toContainText('Ошибка');
    await expect(run).toContainText('The flow runner did not answer within 1 s');
    await expect(run).toContainText(DURATION);
    // The start filter begins at today.
    await expect(page.getByRole('textbox', { name: /Начало/ }).first()).not.toHaveValue('');
    await page.screenshot({ path: test.info().outputPath('trigger-run-log-ru.png'), fullPage: true });
    await page.goto('/integrations/triggers');
    await expect(page.getByRole('heading', { name: 'Триггеры' })).toBeVisible();
    await expect(editor.row('e2e медленный')).toContainText('0 0 4 1 * *');
    await page.screenshot({ path: test.info().outputPath('triggers-list-ru.png'), fullPage: true });
  } finally {
    await api.call('DELETE', `${PATH}/${trigger.id}`);
  }
});
