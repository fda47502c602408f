import { expect, type Locator, type Page } from '@playwright/test';

/** /system/changelogs: the change-log settings, their editor, and a setting's log tab. */
export class ChangeLogPages {
  constructor(readonly page: Page) {}

  async gotoList() {
    await this.page.goto('/system/changelogs');
  }

  row(text: string): Locator {
    return this.page.locator('main table').first().locator('tbody tr', { hasText: text });
  }

  /** Picks a value of a select by its label. */
  async choose(label: string | RegExp, option: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The log tab of the open editor. */
  async openLog(tab: string) {
    await this.page.getByRole('tab', { name: tab }).click();
  }

  logRows(): Locator {
    return this.page.getByTestId('log-row');
  }

  /** Opens the first entry of the log whose row holds `text` (newest first). */
  async openEntry(text: string) {
    const row = this.logRows().filter({ hasText: text }).first();
    await row.locator('button').first().click();
    await expect(this.page.getByRole('dialog')).toBeVisible();
  }

  /** The row of an opened entry's field table, by the field's path in the record. */
  field(path: string): Locator {
    return this.page.getByTestId('entry-fields').locator(`tbody tr[data-path="${path}"]`);
  }

  async closeEntry() {
    await this.page.getByRole('dialog').locator('button.mantine-Modal-close').click();
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
  }
}
