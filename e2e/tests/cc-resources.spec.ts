import { type AdminApi, expect, test } from '../fixtures';
import { ImportDialogPage } from '../pages/ImportDialog';
import { ResourceEditPage, ResourceListPage } from '../pages/ResourcePages';

type Resource = {
  id: number;
  name: string;
  gateway: { id: number; name: string };
  rps: number;
  limit: number;
  maxSuccessivelyErrors: number;
  errorIds: string[];
  enabled: boolean;
  parameters: { cidType: string; ignoreEarlyMedia: string };
};
type Group = {
  id: number;
  name: string;
  strategy: string;
  communication: { id: number; name: string };
  time: { startTimeOfDay: number; endTimeOfDay: number }[];
};

const gateway = (api: AdminApi, name: string) =>
  api.call<{ id: number }>('POST', '/sip/gateways', {
    name,
    register: false,
    host: 'sbc.example.com',
    proxy: '10.0.0.1',
  });

test('resources: defaults, error codes checked, parameters, display numbers imported, enabled toggled in the list', async ({
  page,
  signedIn,
  api,
}) => {
  const trunk = await gateway(api, 'E2E trunk');
  const list = new ResourceListPage(page, '/contact-center/resources', 'Resources');
  const editor = new ResourceEditPage(page);
  await signedIn.open('resources');
  await expect(page.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
  await expect(page.getByText('This section is not available yet')).toHaveCount(0);

  await list.add();
  await expect(page).toHaveURL(/\/contact-center\/resources\/new$/);
  // The spec's defaults: cps 10, limit 10, maxErrors 2.
  await expect(editor.field('CPS')).toHaveValue('10');
  await expect(editor.field('Limit')).toHaveValue('10');
  await expect(editor.field('Max errors in a row')).toHaveValue('2');
  await editor.save();
  await expect(page.getByText('This field is required')).toHaveCount(2);

  await editor.field('Name').fill('E2E outbound');
  await page.getByRole('combobox', { name: 'Gateway' }).click();
  await page.getByRole('option', { name: 'E2E trunk' }).click();
  await editor.field('CPS').fill('1001');
  const codes = page.getByRole('combobox', { name: 'Error codes' });
  await codes.fill('5xx');
  await codes.press('Enter');
  await editor.save();
  await expect(page.getByText('Value should be not much 1000')).toBeVisible();
  await expect(page.getByText('Should be a SIP code from 300 to 699, or a range such as 500-599')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cc-resource-invalid.png') });
  await expect(page).toHaveURL(/\/new$/);

  await editor.field('CPS').fill('20');
  await codes.press('Backspace');
  await codes.fill('503');
  await codes.press('Enter');
  await codes.fill('500-599');
  await codes.press('Enter');
  await page.getByRole('tab', { name: 'Parameters' }).click();
  await page.getByRole('combobox', { name: 'Caller ID type' }).click();
  await page.getByRole('option', { name: 'P-Asserted-Identity' }).click();
  await editor.save();
  await expect(page).toHaveURL(/\/contact-center\/resources\/\d+$/);
  const id = Number(page.url().split('/').at(-1));
  const stored = await api.call<Resource>('GET', `/call_center/resources/${id}`);
  expect(stored).toMatchObject({
    name: 'E2E outbound',
    gateway: { id: trunk.id, name: 'E2E trunk' },
    rps: 20,
    limit: 10,
    maxSuccessivelyErrors: 2,
    errorIds: ['503', '500-599'],
    enabled: true,
    parameters: { cidType: 'pid', ignoreEarlyMedia: 'false' },
  });

  // Display numbers: a tab of the saved resource, loaded from a CSV file.
  await page.getByRole('tab', { name: 'Display numbers' }).click();
  await expect(page.getByText('No records yet')).toBeVisible();
  const dialog = new ImportDialogPage(page);
  await dialog.open();
  await dialog.choose('displays.csv', 'display\n380441110001\nfront desk\n');
  await dialog.start();
  const refused = await dialog.ended();
  await expect(refused.getByTestId('import-reason')).toHaveText('1 of 2 rows have errors; nothing was imported.');
  await expect(dialog.reportRows().nth(0)).toContainText('Should look like a phone number');
  await dialog.close();
  await dialog.open();
  await dialog.choose('displays.csv', 'display\n380441110001\n+380441110002\n');
  await dialog.start();
  await expect(await dialog.ended()).toContainText('Import finished');
  await dialog.close();
  const numbers = new ResourceListPage(page, `/contact-center/resources/${id}`, 'Display numbers');
  await expect(numbers.row('380441110001')).toBeVisible();
  await expect(numbers.row('+380441110002')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cc-resource-numbers.png') });
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('tab', { name: 'Permissions', selected: true })).toBeVisible();

  await list.goto();
  const row = list.row('E2E outbound');
  await expect(row).toContainText('E2E trunk');
  await expect(row).toContainText('20');
  const enabled = row.getByRole('switch');
  await expect(enabled).toBeChecked();
  await enabled.click({ force: true });
  await expect(enabled).not.toBeChecked();
  await expect.poll(async () => (await api.call<Resource>('GET', `/call_center/resources/${id}`)).enabled).toBe(false);
  await page.screenshot({ path: test.info().outputPath('cc-resources-list.png') });
});

test('resource groups in Russian: a default time range, an overlap refused, a group resource added', async ({
  page,
  signedIn,
  api,
}) => {
  const trunk = await gateway(api, 'E2E group trunk');
  const main = await api.call<{ id: number }>('POST', '/call_center/resources', {
    name: 'E2E main line',
    gateway: { id: trunk.id },
  });
  await api.call('POST', '/call_center/resources', { name: 'E2E spare line', gateway: { id: trunk.id } });
  const phone = await api.call<{ id: number }>('POST', '/call_center/communication_type', {
    name: 'E2E phone',
    code: 'e2e-phone',
    channel: 'phone',
  });
  await signedIn.switchLanguage('ru');
  const list = new ResourceListPage(page, '/contact-center/resource-groups', 'Группы ресурсов');
  await list.goto();
  await page.getByRole('link', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(/\/contact-center\/resource-groups\/new$/);
  await page.getByRole('tab', { name: 'Временные интервалы' }).click();
  const ranges = page.getByTestId('rows-time');
  // One range by default, 09:00 to 20:00.
  await expect(ranges.locator('tbody tr')).toHaveCount(1);
  await expect(ranges.getByLabel('Начало')).toHaveValue('09:00');
  await expect(ranges.getByLabel('Конец')).toHaveValue('20:00');

  await page.getByRole('tab', { name: 'Общие' }).click();
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('E2E группа');
  await page.getByRole('combobox', { name: 'Тип связи' }).click();
  await page.getByRole('option', { name: 'E2E phone' }).click();
  await page.getByRole('tab', { name: 'Временные интервалы' }).click();
  await page.getByRole('button', { name: 'Добавить интервал' }).click();
  const second = ranges.locator('tbody tr').nth(1);
  await second.getByLabel('Начало').fill('08:00');
  await second.getByLabel('Конец').fill('10:00');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Временные интервалы не должны пересекаться')).toBeVisible();
  await expect(page).toHaveURL(/\/new(\?.*)?$/);
  await page.screenshot({ path: test.info().outputPath('cc-group-overlap-ru.png') });

  await expect(page.getByRole('tab', { name: 'Временные интервалы', selected: true })).toBeVisible();
  await second.getByLabel('Начало').fill('20:00');
  await second.getByLabel('Конец').fill('22:30');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/contact-center\/resource-groups\/\d+(\?.*)?$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const stored = await api.call<Group>('GET', `/call_center/resource_group/${id}`);
  expect(stored).toMatchObject({
    name: 'E2E группа',
    strategy: 'topDown',
    communication: { id: phone.id, name: 'E2E phone' },
    time: [
      { startTimeOfDay: 540, endTimeOfDay: 1200 },
      { startTimeOfDay: 1200, endTimeOfDay: 1350 },
    ],
  });

  await page.getByRole('tab', { name: 'Ресурсы' }).click();
  await expect(page.getByText('Записей пока нет')).toBeVisible();
  await page.getByRole('link', { name: 'Добавить' }).click();
  await expect(page).toHaveURL(new RegExp(`/contact-center/resource-groups/${id}/new$`));
  await page.getByRole('combobox', { name: 'Ресурс', exact: true }).click();
  await page.getByRole('option', { name: 'E2E main line' }).click();
  await page.getByRole('combobox', { name: 'Резервный ресурс' }).click();
  await page.getByRole('option', { name: 'E2E spare line' }).click();
  await page.getByRole('textbox', { name: 'Приоритет' }).fill('5');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/contact-center/resource-groups/${id}/\\d+$`));
  const items = await api.call<{ items: { resource: { id: number }; priority: number }[] }>(
    'GET',
    `/call_center/resource_group/${id}/resource`,
  );
  expect(items.items).toEqual([
    expect.objectContaining({ resource: { id: main.id, name: 'E2E main line' }, priority: 5 }),
  ]);

  await page.goto(`/contact-center/resource-groups/${id}?tab=resources`);
  await page.getByRole('tab', { name: 'Ресурсы' }).click();
  const rows = new ResourceListPage(page, '', '');
  await expect(rows.row('E2E main line')).toContainText('E2E spare line');
  await page.screenshot({ path: test.info().outputPath('cc-group-resources-ru.png') });

  await list.goto();
  await expect(list.row('E2E группа')).toContainText('E2E phone');
  await expect(list.row('E2E группа')).toContainText('Сверху вниз (по приоритету)');
  await page.screenshot({ path: test.info().outputPath('cc-groups-ru.png') });

  // A resource in a group cannot go: the refusal names the group, in Russian.
  const resources = new ResourceListPage(page, '/contact-center/resources', 'Ресурсы');
  await resources.goto();
  await resources.row('E2E main line').getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Этот ресурс используют группы ресурсов "E2E группа"')).toBeVisible();
  await expect(resources.row('E2E main line')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('cc-resource-in-use-ru.png') });
});
