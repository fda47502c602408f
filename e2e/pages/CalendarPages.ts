import { expect, type Locator, type Page } from '@playwright/test';

/** /lookups/calendars/new and /{id}: the calendar editor with its work week and holidays tabs. */
export class CalendarEditPage {
  readonly workWeek: Locator;
  readonly holidays: Locator;

  constructor(readonly page: Page) {
    this.workWeek = page.getByTestId('rows-accepts');
    this.holidays = page.getByTestId('rows-excepts');
  }

  async gotoList() {
    await this.page.goto('/lookups/calendars');
    await expect(this.page.getByRole('heading', { name: 'Calendars' })).toBeVisible();
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async chooseTimezone(search: string, option: RegExp) {
    const box = this.page.getByRole('combobox', { name: 'Time zone' });
    await box.click();
    await box.fill(search);
    await this.page.getByRole('option', { name: option }).click();
  }

  async tab(name: 'General' | 'Work week' | 'Holidays' | 'Permissions') {
    await this.page.getByRole('tab', { name }).click();
  }

  workRows(): Locator {
    return this.workWeek.locator('tbody tr');
  }

  holidayRows(): Locator {
    return this.holidays.locator('tbody tr');
  }

  async addRow() {
    await this.page.getByRole('button', { name: 'Add row' }).click();
  }

  /** Sets one work-week row: day by its name, times as HH:MM. */
  async setWorkRow(index: number, day: string, start: string, end: string) {
    const row = this.workRows().nth(index);
    await row.getByRole('combobox', { name: 'Day' }).click();
    await this.page.getByRole('option', { name: day, exact: true }).click();
    await row.getByLabel('Start').fill(start);
    await row.getByLabel('End').fill(end);
  }

  async setHoliday(index: number, name: string, date: string, repeat: boolean) {
    const row = this.holidayRows().nth(index);
    await row.getByRole('textbox', { name: 'Name' }).fill(name);
    await row.getByLabel('Date').fill(date);
    const box = row.getByRole('switch', { name: 'Every year' });
    if ((await box.isChecked()) !== repeat) await box.click({ force: true });
  }

  async importIcs(name: string, text: string) {
    await this.page.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'text/calendar',
      buffer: Buffer.from(text),
    });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}
