import { expect, type Locator, type Page } from '@playwright/test';

/** /permissions/objects/{id}: object (class) access and record access rules. */
export class ObjectEditPage {
  readonly accessTable: Locator;

  constructor(readonly page: Page) {
    this.accessTable = page.locator('main table').first();
  }

  async goto(id: number, className: string) {
    await this.page.goto(`/permissions/objects/${id}`);
    await expect(this.page.getByRole('heading', { name: className })).toBeVisible();
  }

  /** The forbidden/allow/manage control of one role and right, e.g. ('admin', 'Delete'). */
  mode(role: string, right: string): Locator {
    return this.page.getByRole('radiogroup', { name: `${role}: ${right}` });
  }

  /** Picks a mode by clicking its visible segment (the radio itself is visually hidden). */
  async choose(role: string, right: string, mode: 'Forbidden' | 'Allow' | 'Manage') {
    const id = await this.mode(role, right).getByLabel(mode).getAttribute('id');
    await this.page.locator(`label[for="${id}"]`).click();
  }

  /** True when the table is wider than the panel holding it (its last columns hide behind a scroll). */
  async overflows(): Promise<boolean> {
    return this.accessTable.evaluate((table) => table.scrollWidth > (table.parentElement?.clientWidth ?? 0) + 1);
  }
}
