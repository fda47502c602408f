import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { DevicesListPage } from '../pages/DevicesPages';
import { ImportDialogPage } from '../pages/ImportDialog';
import { ResourceListPage } from '../pages/ResourcePages';

type Page<T> = { items: T[]; next: boolean };

/** Serious and critical accessibility findings inside the open dialog. */
async function dialogFindings(page: import('@playwright/test').Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).include('[role="dialog"]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
type Device = { id: number; account: string; name: string; ip: string };

const NUMBERS = 50_000;
const CANCELLED_NUMBERS = 200_000;
const numberAt = (i: number) => `+38050${String(i).padStart(7, '0')}`;

test('imports 50,000 numbers into a blacklist with live progress, then lists them', async ({
  page,
  signedIn,
  api,
}, testInfo) => {
  test.setTimeout(600_000);
  expect(signedIn).toBeTruthy();
  const list = await api.call<{ id: number }>('POST', '/call_center/list', { name: 'E2E bulk import' });
  const csv = ['number,description', ...Array.from({ length: NUMBERS }, (_, i) => `${numberAt(i)},caller ${i}`)].join(
    '\n',
  );

  await page.goto(`/lookups/blacklist/${list.id}`);
  await page.getByRole('tab', { name: 'Numbers' }).click();
  const numbers = new ResourceListPage(page, `/lookups/blacklist/${list.id}`, 'Numbers');
  await expect(page.getByText('No records yet')).toBeVisible();

  const dialog = new ImportDialogPage(page);
  await dialog.open();
  await dialog.choose('numbers.csv', csv);
  // The preview: the header row names the columns, then the first five rows.
  await expect(dialog.preview.locator('thead th')).toHaveText(['number', 'description']);
  await expect(dialog.preview.locator('tbody tr')).toHaveCount(5);
  await expect(dialog.preview.locator('tbody tr').first()).toContainText(numberAt(0));
  await expect(dialog.column('Number')).toHaveValue('number');
  await expect(dialog.column('Description')).toHaveValue('description');
  await expect(dialog.column('Expires at')).toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('imports-numbers-setup.png') });

  await dialog.start();
  // Mid-way: a phase under way (not the queue's striped bar), part of it done.
  const bar = dialog.progress.getByRole('progressbar', { name: /Checking rows|Loading rows/ });
  await expect
    .poll(
      async () => {
        const value = Number((await bar.getAttribute('aria-valuenow', { timeout: 100 }).catch(() => null)) ?? 0);
        return value > 0 && value < 100;
      },
      // It may first wait behind another worker's import (the server runs one at a time).
      { timeout: 180_000, intervals: [50] },
    )
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath('imports-numbers-progress.png') });

  const result = await dialog.ended(240_000);
  await expect(result).toContainText('Import finished');
  await expect(result.getByTestId('import-loaded')).toHaveText('50,000');
  await expect(result.getByTestId('import-failed')).toHaveText('0');
  await expect(page.getByText('Imported 50,000 rows')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('imports-numbers-done.png') });
  await dialog.close();

  await expect(numbers.table.locator('tbody tr')).toHaveCount(10);
  await numbers.search.fill(numberAt(NUMBERS - 1));
  await numbers.search.press('Enter');
  await expect(numbers.row(numberAt(NUMBERS - 1))).toContainText(`caller ${NUMBERS - 1}`);
  const last = await api.call<Page<unknown>>(
    'GET',
    `/call_center/list/${list.id}/communication?size=1000&page=${NUMBERS / 1000}`,
  );
  expect(last.items).toHaveLength(1000);
  expect(last.next).toBe(false);
});

test('an import still running is found again after a reload, and cancelled', async ({
  page,
  signedIn,
  api,
}, testInfo) => {
  test.setTimeout(480_000);
  expect(signedIn).toBeTruthy();
  const list = await api.call<{ id: number }>('POST', '/call_center/list', { name: 'E2E cancelled import' });
  // Large enough to be still running after the reload on a fast machine.
  const csv = Array.from({ length: CANCELLED_NUMBERS }, (_, i) => numberAt(i)).join('\n');
  await page.goto(`/lookups/blacklist/${list.id}`);
  await page.getByRole('tab', { name: 'Numbers' }).click();
  const dialog = new ImportDialogPage(page);
  await dialog.open();
  await dialog.choose('many.csv', csv);
  // A column of numbers alone: no header, the column taken as the number.
  await expect(page.getByRole('switch', { name: 'The first row is a header' })).not.toBeChecked();
  await expect(dialog.column('Number')).toHaveValue('Column 1');
  await dialog.start('Skip bad rows');
  await expect(dialog.progress).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Numbers' }).click();
  await dialog.open();
  await expect(dialog.dialog.getByText('An import you started earlier is still running.')).toBeVisible();
  await expect(dialog.progress).toContainText('many.csv');
  await dialog.dialog.getByRole('button', { name: 'Cancel import' }).click();
  await page.screenshot({ path: testInfo.outputPath('imports-resumed.png') });
  const result = await dialog.ended();
  await expect(result).toContainText('Import cancelled');
  await page.screenshot({ path: testInfo.outputPath('imports-cancelled.png') });
  const loaded = Number((await result.getByTestId('import-loaded').textContent())?.replace(/\D/g, ''));
  expect(loaded).toBeLessThan(CANCELLED_NUMBERS);
});

test('a device file with a bad row loads nothing all or nothing, then the rest skipping it', async ({
  page,
  signedIn,
  api,
}, testInfo) => {
  expect(signedIn).toBeTruthy();
  const tag = `imp${Date.now().toString(36)}`;
  const csv = [
    'Account;Name;IP',
    `${tag}-1;Import one;10.1.1.1`,
    `${tag}-2;Import two;10.1.1.999`,
    `${tag}-3;Import three;10.1.1.3`,
  ].join('\n');
  const imported = async () =>
    (await api.call<Page<Device>>('GET', `/devices?q=${tag}*&size=100`)).items.map((d) => d.account).sort();

  const list = new DevicesListPage(page);
  await list.goto();
  const dialog = new ImportDialogPage(page);
  await dialog.open();
  await dialog.choose('devices.csv', csv);
  // Semicolons found by themselves, the columns by their header names in another case.
  await expect(dialog.dialog.getByRole('combobox', { name: 'Separator' })).toHaveValue('Semicolon ( ; )');
  await expect(dialog.preview.locator('tbody tr')).toHaveCount(3);
  await expect(dialog.column('Account')).toHaveValue('Account');
  await expect(dialog.column('IP address')).toHaveValue('IP');
  await dialog.start('All or nothing');

  let result = await dialog.ended();
  await expect(result).toContainText('Import failed');
  await expect(result.getByTestId('import-reason')).toHaveText('1 of 3 rows have errors; nothing was imported.');
  await expect(dialog.reportRows()).toHaveCount(1);
  await expect(dialog.reportRows().first()).toContainText('3');
  await expect(dialog.reportRows().first()).toContainText('IP address');
  await expect(dialog.reportRows().first()).toContainText('Should look like IPv4');
  const download = page.waitForEvent('download');
  await dialog.dialog.getByRole('button', { name: 'Download report (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const report = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(report as Buffer[]).toString('utf8')).toContain('3,ip,Should look like IPv4');
  await page.screenshot({ path: testInfo.outputPath('imports-devices-refused.png') });
  expect(await imported()).toEqual([]);

  await dialog.another();
  await dialog.choose('devices.csv', csv);
  await dialog.start('Skip bad rows');
  result = await dialog.ended();
  await expect(result).toContainText('Import finished');
  await expect(result.getByTestId('import-loaded')).toHaveText('2');
  await expect(result.getByTestId('import-failed')).toHaveText('1');
  await expect(dialog.reportRows()).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('imports-devices-skipped.png') });
  await dialog.close();
  expect(await imported()).toEqual([`${tag}-1`, `${tag}-3`]);
  await list.search.fill(tag);
  await list.search.press('Enter');
  await expect(list.table.locator('tbody tr')).toHaveCount(2);
  await expect(list.row(`${tag}-3`)).toContainText('Import three');
});

test('a dry run checks the file and changes nothing', async ({ page, signedIn, api }, testInfo) => {
  expect(signedIn).toBeTruthy();
  const tag = `dry${Date.now().toString(36)}`;
  const csv = `account,name\n${tag}-1,Dry one\n${tag}-2,Dry two\n`;
  const list = new DevicesListPage(page);
  await list.goto();
  const dialog = new ImportDialogPage(page);
  await dialog.open();
  await dialog.choose('dry.csv', csv);
  expect(await dialogFindings(page)).toEqual([]);
  await dialog.start('Dry run (check only)');
  const result = await dialog.ended();
  expect(await dialogFindings(page)).toEqual([]);
  await expect(result).toContainText('Dry run finished: nothing was changed');
  await expect(result).toContainText('Would load');
  await expect(result.getByTestId('import-loaded')).toHaveText('2');
  await page.screenshot({ path: testInfo.outputPath('imports-dry-run.png') });
  await dialog.close();
  expect((await api.call<Page<Device>>('GET', `/devices?q=${tag}*`)).items).toEqual([]);
});
