import { expect, type Locator, type Page } from '@playwright/test';

/** A routing list screen (flows, dialplan, chat plans). */
export class RoutingListPage {
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly route: string,
    readonly heading: string,
  ) {
    this.table = page.locator('main table');
  }

  async goto(query = '') {
    await this.page.goto(`${this.route}${query}`);
    await expect(this.page.getByRole('heading', { name: this.heading })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  /** The first column's text of every row, in the order shown. */
  async names(): Promise<string[]> {
    const anchors = this.table.locator('tbody tr a');
    return (await anchors.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  handle(text: string): Locator {
    return this.row(text).getByRole('button', { name: 'Drag to reorder' });
  }

  /** Drags one row by its handle onto another row, with the small steps a pointer drag makes. */
  async drag(from: string, to: string) {
    const source = await this.handle(from).boundingBox();
    const target = await this.row(to).boundingBox();
    if (!source || !target) throw new Error('rows not on screen');
    const x = source.x + source.width / 2;
    await this.page.mouse.move(x, source.y + source.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(x, source.y + source.height / 2 + 8, { steps: 4 });
    await this.page.mouse.move(x, target.y + target.height / 2, { steps: 12 });
    await this.page.mouse.move(x, target.y + target.height / 2 + 2, { steps: 2 });
    await this.page.mouse.up();
  }
}

/** The flow editor: general fields, the schema as code or diagram, versions. */
export class FlowEditPage {
  readonly code: Locator;
  readonly schemaError: Locator;

  constructor(readonly page: Page) {
    this.code = page.getByTestId('flow-code').locator('.cm-content');
    this.schemaError = page.getByTestId('schema-error');
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** Replaces the whole code editor text (CodeMirror: select all, then type). */
  async setCode(text: string) {
    await this.code.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    // insertText keeps CodeMirror from auto-closing brackets and quotes as typing would.
    await this.page.keyboard.insertText(text);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}
