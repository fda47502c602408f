import { expect, type Locator, type Page } from '@playwright/test';

/** The generic editor of a gateway: fields by label, tabs, Save, the message under a field. */
export class GatewayEditPage {
  constructor(readonly page: Page) {}

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** The validation message shown under the input named `label` (a text box or a select). */
  errorOf(label: string): Locator {
    const input = this.page
      .getByRole('textbox', { name: label, exact: true })
      .or(this.page.getByRole('combobox', { name: label, exact: true }));
    return this.page
      .locator('.mantine-InputWrapper-root')
      .filter({ has: input })
      .locator('.mantine-InputWrapper-error');
  }

  select(label: string): Locator {
    return this.page
      .getByRole('textbox', { name: label, exact: true })
      .or(this.page.getByRole('combobox', { name: label, exact: true }));
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}

/** /routing/sip-gateways: both variants in one list. */
export class SipGatewaysListPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  async goto() {
    await this.page.goto('/routing/sip-gateways');
    await expect(this.page.getByRole('heading', { name: 'SIP gateways' })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  async add(variant: 'New register gateway' | 'New trunking gateway') {
    await this.page.getByRole('button', { name: 'Add' }).click();
    await this.page.getByRole('menuitem', { name: variant }).click();
  }
}

/** /routing/chat-gateways */
export class ChatGatewaysListPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.locator('main table');
  }

  async goto() {
    await this.page.goto('/routing/chat-gateways');
    await expect(this.page.getByRole('heading', { name: 'Chat gateways' })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }
}
