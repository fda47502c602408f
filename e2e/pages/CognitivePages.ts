import { expect, type Locator, type Page } from '@playwright/test';

/** /integrations/cognitive-profiles and its editor beside it, /integrations/cognitive-profile/{id}. */
export class CognitivePages {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** A select of the editor: opened by its label, then the option by its text. */
  async choose(label: string, option: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  errorOf(label: string): Locator {
    return this.page
      .locator('.mantine-InputWrapper-root')
      .filter({
        has: this.page
          .getByRole('textbox', { name: label, exact: true })
          .or(this.page.getByRole('combobox', { name: label, exact: true })),
      })
      .locator('.mantine-InputWrapper-error');
  }

  async save(label = 'Save') {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  async savedId(): Promise<number> {
    await expect(this.page).toHaveURL(/\/integrations\/cognitive-profile\/\d+$/);
    return Number(this.page.url().split('/').at(-1));
  }
}
