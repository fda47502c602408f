import { expect, type Locator, type Page } from '@playwright/test';

/** /integrations/email-profiles: name, IMAP host, login, enabled, last fetch. */
export class EmailProfilesListPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  async goto() {
    await this.page.goto('/integrations/email-profiles');
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }
}

/** An email profile's editor: fields by label, the flow picker, Save, Test connection. */
export class EmailProfileEditPage {
  constructor(readonly page: Page) {}

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  errorOf(label: string): Locator {
    return this.page
      .locator('.mantine-InputWrapper-root')
      .filter({ has: this.field(label) })
      .locator('.mantine-InputWrapper-error');
  }

  async pickFlow(label: string, name: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name }).click();
  }

  async save(label = 'Save') {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  async testConnection(label: string) {
    await this.page.getByRole('button', { name: label }).click();
  }

  async savedId(): Promise<number> {
    await expect(this.page).toHaveURL(/\/integrations\/email-profile\/\d+$/);
    return Number(this.page.url().split('/').at(-1));
  }
}
