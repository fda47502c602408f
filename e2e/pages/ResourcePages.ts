import { expect, type Locator, type Page } from '@playwright/test';

/** The generic list screen of a resource at `route` (e.g. `/lookups/regions`) titled `title`. */
export class ResourceListPage {
  readonly table: Locator;
  readonly search: Locator;

  constructor(
    readonly page: Page,
    readonly route: string,
    readonly title: string,
  ) {
    this.table = page.locator('main table').first();
    this.search = page.getByPlaceholder('Search').first();
  }

  async goto(query = '') {
    await this.page.goto(`${this.route}${query}`);
    await expect(this.page.getByRole('heading', { name: this.title, exact: true })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  async add() {
    await this.page.getByRole('link', { name: 'Add' }).click();
  }

  async remove(text: string) {
    await this.row(text).getByRole('button', { name: 'Delete' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  }
}

/** The generic editor (`/new`, `/{id}`). */
export class ResourceEditPage {
  constructor(readonly page: Page) {}

  field(label: string | RegExp): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** Types into a searchable select and picks the option whose text starts with `option`. */
  async choose(label: string, search: string, option: string | RegExp) {
    const box = this.page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await box.fill(search);
    await this.page.getByRole('option', { name: option }).first().click();
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}
