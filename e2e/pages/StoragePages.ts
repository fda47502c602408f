import { expect, type Locator, type Page } from '@playwright/test';

/** /integrations/storage: every type in one list; Add offers one editor per type. */
export class StorageListPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  /** Add, then the type by its label in the current language. */
  async add(addLabel: string, type: string) {
    await this.page.getByRole('button', { name: addLabel }).click();
    await this.page.getByRole('menuitem', { name: type }).click();
  }
}

/** A storage profile's editor: fields by label, Save, Test connection and its answer. */
export class StorageEditPage {
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

  async save(label = 'Save') {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  async testConnection(label: string) {
    await this.page.getByRole('button', { name: label }).click();
  }

  result(): Locator {
    return this.page.getByRole('status').filter({ hasText: /./ }).last();
  }

  async savedAs(type: string): Promise<number> {
    await expect(this.page).toHaveURL(new RegExp(`/integrations/storage/${type}/\\d+$`));
    return Number(this.page.url().split('/').at(-1));
  }
}
