import { expect, test } from '../fixtures';

const TEXT = {
  en: {
    name: 'Name',
    queue: 'Queue',
    save: 'Save',
    mappingTab: 'File and mapping',
    runTab: 'Import a file',
    mapName: 'Name',
    destination: 'Destinations',
    code: /^Communication type codes/,
    variables: /^Variables/,
    start: 'Import',
    added: 'Successfully added',
  },
  ua: {
    name: "Ім'я",
    queue: 'Черга',
    save: 'Зберегти',
    mappingTab: 'Файл і зіставлення',
    runTab: 'Імпорт файлу',
    mapName: "Ім'я",
    destination: 'Адресати',
    code: /^Коди типів зв'язку/,
    variables: /^Змінні/,
    start: 'Імпортувати',
    added: 'Успішно додано',
  },
} as const;

const ROWS = 3_000;
const csv = [
  'name,phone,type,city',
  ...Array.from({ length: ROWS }, (_, i) => `Member ${i},+38067${String(i).padStart(7, '0')},e2ephone,City ${i % 7}`),
].join('\n');

for (const lang of ['en', 'ua'] as const) {
  test(`makes a CSV import template from a sample file and imports members with it (${lang})`, async ({
    page,
    signedIn,
    api,
  }, testInfo) => {
    test.setTimeout(480_000);
    const x = TEXT[lang];
    const tag = `${lang}-${Date.now().toString(36)}`;
    const calendar = await api.call<{ id: number }>('POST', '/calendars', {
      name: `E2E import ${tag}`,
      timezone: { name: 'Europe/Kyiv' },
    });
    const queue = await api.call<{ id: number }>('POST', '/call_center/queues', {
      name: `E2E import queue ${tag}`,
      type: 2,
      calendar: { id: calendar.id },
    });
    // The code the file names; the second language's run finds the type the first one made.
    await api
      .call('POST', '/call_center/communication_type', { name: 'E2E import phone', code: 'e2ephone', channel: 'phone' })
      .catch((error: unknown) => {
        if (!/: 409 /.test(String(error))) throw error;
      });
    if (lang !== 'en') await signedIn.switchLanguage(lang);

    await page.goto('/integrations/import-csv/new');
    await page.getByRole('textbox', { name: x.name, exact: true }).fill(`E2E template ${tag}`);
    await page.getByRole('combobox', { name: x.queue }).click();
    await page.getByRole('option', { name: `E2E import queue ${tag}` }).click();

    await page.getByRole('tab', { name: x.mappingTab }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('template-sample').click();
    await (await chooser).setFiles({ name: 'sample.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByTestId('template-preview');
    await expect(preview.locator('thead th')).toHaveText(['name', 'phone', 'type', 'city']);
    await expect(preview.locator('tbody tr')).toHaveCount(5);
    await expect(preview.locator('tbody tr').first()).toContainText('+380670000000');

    const pick = async (label: string | RegExp, option: string) => {
      await page.getByRole('combobox', { name: label }).first().click();
      await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
      await page.keyboard.press('Escape');
    };
    await pick(x.mapName, 'name');
    await pick(x.destination, 'phone');
    await pick(x.code, 'type');
    await pick(x.variables, 'city');
    await page.screenshot({ path: testInfo.outputPath(`import-template-mapping-${lang}.png`), fullPage: true });
    await page.getByRole('button', { name: x.save }).click();
    await expect(page).toHaveURL(/\/integrations\/import-csv\/\d+$/);
    const id = Number(page.url().split('/').at(-1));
    const stored = await api.call<{ source: { id: number }; parameters: Record<string, unknown> }>(
      'GET',
      `/storage/import_templates/${id}`,
    );
    expect(stored.source.id).toBe(queue.id);
    expect(stored.parameters).toMatchObject({
      charset: 'utf-8',
      separator: ',',
      skipHeaders: true,
      mappings: { name: 'name', destination: ['phone'], code: ['type'], variables: ['city'] },
    });

    await page.getByRole('tab', { name: x.runTab }).click();
    const runChooser = page.waitForEvent('filechooser');
    await page.getByTestId('template-run-file').click();
    await (await runChooser).setFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: x.start, exact: true }).click();
    await expect(page.getByTestId('import-progress')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`import-template-progress-${lang}.png`) });
    const added = page.getByTestId('template-added');
    // The server runs one import at a time: this one may wait behind another worker's.
    await expect(added).toBeVisible({ timeout: 240_000 });
    await expect(added).toContainText(x.added);
    await expect(added).toContainText(/3[\s,]?000/);
    await page.screenshot({ path: testInfo.outputPath(`import-template-done-${lang}.png`), fullPage: true });
  });
}
