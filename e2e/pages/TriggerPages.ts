import { expect, type Locator, type Page } from '@playwright/test';

/** /integrations/triggers and a trigger's editor: fields by label, tabs, Run now, the run log. */
export class TriggerPage {
  constructor(readonly page: Page) {}

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  combobox(label: string): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  /** The message under the input named `label`. */
  errorOf(label: string): Locator {
    return this.page
      .locator('.mantine-InputWrapper-root')
      .filter({ has: this.field(label).or(this.combobox(label)) })
      .locator('.mantine-InputWrapper-error');
  }

  async choose(label: string, search: string, option: string | RegExp) {
    const box = this.combobox(label);
    await box.click();
    await box.fill(search);
    await this.page.getByRole('option', { name: option }).click();
  }

  nextRuns(): Locator {
    return this.page.getByTestId('next-runs').getByRole('listitem');
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async save(label = 'Save') {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  async savedId(): Promise<number> {
    await expect(this.page).toHaveURL(/\/integrations\/triggers\/\d+(\?.*)?$/);
    return Number(new URL(this.page.url()).pathname.split('/').at(-1));
  }

  runNow(label: string): Locator {
    return this.page.getByRole('button', { name: label }).first();
  }

  /** Rows of the table on screen (the list, or the run log tab). */
  rows(): Locator {
    return this.page.locator('main table tbody tr');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }
}
