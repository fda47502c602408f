import { expect, test } from '../fixtures';
import { ImportDialogPage } from '../pages/ImportDialog';
import { ResourceEditPage, ResourceListPage } from '../pages/ResourcePages';

type Region = { id: number; name: string; timezone: { name: string }; description: string };

test('regions: create, edit and delete through the generic kit, the time zone from the catalog', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new ResourceListPage(page, '/lookups/regions', 'Regions');
  const editor = new ResourceEditPage(page);
  await signedIn.open('regions');
  await expect(page.getByRole('heading', { name: 'Regions', exact: true })).toBeVisible();
  await expect(page.getByText('This section is not available yet')).toHaveCount(0);

  await list.add();
  await expect(page).toHaveURL(/\/lookups\/regions\/new$/);
  await editor.save();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('lookups-region-required.png') });

  await editor.field('Name').fill('E2E North');
  await editor.choose('Time zone', 'tokyo', /^Asia\/Tokyo \(\+09:00\)/);
  await editor.field('Description').fill('cold and far');
  await page.screenshot({ path: test.info().outputPath('lookups-region-new.png') });
  await editor.save();
  await expect(page).toHaveURL(/\/lookups\/regions\/\d+$/);
  const id = Number(page.url().split('/').at(-1));
  const stored = await api.call<Region>('GET', `/regions/${id}`);
  expect(stored).toMatchObject({ name: 'E2E North', timezone: { name: 'Asia/Tokyo' }, description: 'cold and far' });

  await editor.field('Name').fill('E2E North-East');
  await editor.choose('Time zone', 'europe/berl', /^Europe\/Berlin/);
  await editor.save();
  await expect.poll(async () => (await api.call<Region>('GET', `/regions/${id}`)).timezone.name).toBe('Europe/Berlin');
  expect((await api.call<Region>('GET', `/regions/${id}`)).name).toBe('E2E North-East');

  await list.goto();
  await expect(list.row('E2E North-East')).toContainText('Europe/Berlin');
  await page.screenshot({ path: test.info().outputPath('lookups-region-list.png') });
  await list.remove('E2E North-East');
  await expect(list.row('E2E North-East')).toHaveCount(0);
  const after = await api.call<{ items: Region[] }>('GET', '/regions?size=100');
  expect(after.items.some((r) => r.id === id)).toBe(false);
});

test('pause causes: a new one has the spec defaults and an inline toggle changes one flag', async ({
  page,
  signedIn,
  api,
}) => {
  expect(signedIn).toBeTruthy();
  const list = new ResourceListPage(page, '/lookups/pause-cause', 'Agent pause causes');
  const editor = new ResourceEditPage(page);
  await list.goto();
  await list.add();
  await expect(page.getByRole('textbox', { name: 'Limit, minutes' })).toHaveValue('60');
  for (const flag of ['Administrator may set', 'Supervisor may set', 'Agent may set']) {
    await expect(page.getByRole('switch', { name: flag })).toBeChecked();
  }
  await editor.field('Name').fill('E2E lunch');
  await editor.save();
  await expect(page).toHaveURL(/\/lookups\/pause-cause\/\d+$/);
  const id = Number(page.url().split('/').at(-1));

  await list.goto();
  const row = list.row('E2E lunch');
  const agent = row.getByRole('switch', { name: 'Agent may set' });
  await expect(agent).toBeChecked();
  await agent.click({ force: true });
  await expect(agent).not.toBeChecked();
  await expect
    .poll(async () => (await api.call<{ allowAgent: boolean }>('GET', `/call_center/pause_causes/${id}`)).allowAgent)
    .toBe(false);
  const stored = await api.call<Record<string, unknown>>('GET', `/call_center/pause_causes/${id}`);
  expect(stored).toMatchObject({ allowAdmin: true, allowSupervisor: true, limitMin: 60 });
  await page.reload();
  await expect(list.row('E2E lunch').getByRole('switch', { name: 'Agent may set' })).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('lookups-pause-causes.png') });
});

test('blacklist: numbers tab, CSV import refused with a per-row report, then imported; count leaves expired out', async ({
  page,
  signedIn,
  api,
}) => {
  expect(signedIn).toBeTruthy();
  const list = await api.call<{ id: number }>('POST', '/call_center/list', { name: 'E2E spam callers' });
  await page.goto(`/lookups/blacklist/${list.id}`);
  await expect(page.getByRole('heading', { name: 'E2E spam callers' })).toBeVisible();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  const numbers = new ResourceListPage(page, `/lookups/blacklist/${list.id}`, 'Numbers');
  await expect(page.getByText('No records yet')).toBeVisible();

  const dialog = new ImportDialogPage(page);
  await dialog.open();
  await dialog.choose(
    'numbers.csv',
    'number,description,expireAt\n380501112233,ok,\n,missing number,\n380501112234,bad date,someday\n',
  );
  await dialog.start();
  const refused = await dialog.ended();
  await expect(refused.getByTestId('import-reason')).toHaveText('2 of 3 rows have errors; nothing was imported.');
  await expect(dialog.reportRows()).toHaveCount(2);
  await expect(dialog.reportRows().nth(0)).toContainText('3');
  await expect(dialog.reportRows().nth(0)).toContainText('This field is required');
  await expect(dialog.reportRows().nth(1)).toContainText('Expires at');
  await page.screenshot({ path: test.info().outputPath('lookups-blacklist-import-report.png') });
  await dialog.close();
  await expect(page.getByText('No records yet')).toBeVisible();
  expect((await api.call<{ items: unknown[] }>('GET', `/call_center/list/${list.id}/communication`)).items).toEqual([]);

  // No header row: the columns are taken in order.
  await dialog.open();
  await dialog.choose('numbers.csv', '380501112233,first,\n380501112234,second,\n380501112235,old,2001-01-01\n');
  await dialog.start();
  await expect(await dialog.ended()).toContainText('Import finished');
  await dialog.close();
  await expect(numbers.row('380501112235')).toBeVisible();
  await expect(numbers.row('380501112233')).toContainText('first');
  await numbers.search.fill('38050111223');
  await numbers.search.press('Enter');
  await expect(numbers.table.locator('tbody tr')).toHaveCount(3);
  await numbers.search.fill('380501112234');
  await numbers.search.press('Enter');
  await expect(numbers.table.locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('lookups-blacklist-numbers.png') });

  // A pasted column: a bad line keeps the dialog open with the line named; corrected, all are added.
  await numbers.search.fill('');
  await numbers.search.press('Enter');
  await page.getByRole('button', { name: 'Add several' }).click();
  const pasted = page.getByRole('dialog').getByRole('textbox', { name: 'Numbers' });
  await pasted.fill('+380501112240\n380-50\n+380501112241');
  await page.getByRole('dialog').getByRole('button', { name: 'Add numbers' }).click();
  await expect(page.getByTestId('paste-errors')).toContainText('Line 2: Should look like a phone number');
  await page.screenshot({ path: test.info().outputPath('lookups-blacklist-paste-errors.png') });
  await pasted.fill('+380501112240\n+380501112241');
  await page.getByRole('dialog').getByRole('button', { name: 'Add numbers' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(numbers.row('+380501112241')).toBeVisible();

  const blacklists = new ResourceListPage(page, '/lookups/blacklist', 'Blacklists');
  await blacklists.goto();
  // Five numbers, one of them expired.
  await expect(blacklists.row('E2E spam callers')).toContainText('4');
  await page.screenshot({ path: test.info().outputPath('lookups-blacklists.png') });
});
