import { expect, type Locator, type Page } from '@playwright/test';

/** /directory/license: the licenses list, its expiry filter and the import dialog. */
export class LicensesListPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  async goto(query = '') {
    await this.page.goto(`/directory/license${query}`);
    await expect(this.page.getByRole('heading', { name: 'Licenses' })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  async filter(label: 'All' | 'Expired' | '30 days or fewer' | '90 days or fewer') {
    await this.page.locator('main').getByText(label, { exact: true }).click();
  }

  /** Opens the import dialog, pastes the text and imports it; answers the dialog. */
  async importText(text: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Import a license' });
    await dialog.getByRole('textbox', { name: 'License text' }).fill(text);
    await dialog.getByRole('button', { name: 'Import license' }).click();
    return dialog;
  }
}

/** /directory/license/{id}: the users of one license. */
export class LicenseUsersPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  async logout(username: string) {
    await this.row(username)
      .getByRole('button', { name: `Log out ${username}` })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  }
}
