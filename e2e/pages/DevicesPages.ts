import { expect, type Locator, type Page } from '@playwright/test';

/** /directory/devices: the devices list with its live presence states and export (import: ImportDialogPage). */
export class DevicesListPage {
  readonly table: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('main table').first();
    this.search = page.getByPlaceholder('Search');
  }

  async goto(query = '') {
    await this.page.goto(`/directory/devices${query}`);
    await expect(this.page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  /** The presence badge of a row (its state name in `data-state`). */
  state(text: string): Locator {
    return this.row(text).locator('[data-state]');
  }

  async add() {
    await this.page.getByRole('link', { name: 'Add', exact: true }).click();
  }

  async addHotdesk() {
    await this.page.getByRole('link', { name: 'Add hotdesk' }).click();
  }

  /** Clicks Export CSV and answers the saved file's name and text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}

/** The device editors: /directory/devices/{new,id} and /directory/devices/hotdesk/{new,id}. */
export class DeviceEditPage {
  constructor(readonly page: Page) {}

  field(label: string | RegExp): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** Adds host names to the hotdesk tags input, one Enter after each. */
  async addHostNames(...names: string[]) {
    const input = this.page.getByRole('combobox', { name: 'Hotdesk host names' });
    for (const name of names) {
      await input.fill(name);
      await input.press('Enter');
    }
  }

  /** Backspace in the empty tags input takes the last host name off. */
  async removeLastHostName() {
    const input = this.page.getByRole('combobox', { name: 'Hotdesk host names' });
    await input.fill('');
    await input.press('Backspace');
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}
