import { expect, type Locator, type Page } from '@playwright/test';

/** /directory/users: the users list. */
export class UsersListPage {
  readonly table: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('main table');
    this.search = page.getByPlaceholder('Search');
  }

  async goto(query = '') {
    await this.page.goto(`/directory/users${query}`);
    await expect(this.page.getByRole('heading', { name: 'Users' })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  /** The usernames in the order the list shows them. */
  async usernames(): Promise<string[]> {
    const cells = this.table.locator('tbody tr td:nth-child(4)');
    return (await cells.allInnerTexts()).map((text) => text.trim());
  }

  async add() {
    await this.page.getByRole('link', { name: 'Add' }).click();
  }

  async sortBy(column: string) {
    await this.table.locator('thead th', { hasText: column }).locator('button, [role="button"]').first().click();
  }

  async select(text: string) {
    await this.row(text).getByRole('checkbox').check();
  }

  async deleteSelected() {
    await this.page.getByRole('button', { name: /^Delete selected/ }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  }
}

/** /directory/users/new and /directory/users/{id}: the user editor. */
export class UserEditPage {
  constructor(readonly page: Page) {}

  field(label: string | RegExp): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}
