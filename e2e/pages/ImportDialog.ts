import { expect, type Locator, type Page } from '@playwright/test';

export type ImportModeLabel = 'All or nothing' | 'Skip bad rows' | 'Dry run (check only)';

/** The CSV import dialog of a list (its "Import CSV" button): file, preview, columns, mode, progress, report. */
export class ImportDialogPage {
  readonly dialog: Locator;
  readonly preview: Locator;
  readonly progress: Locator;
  readonly result: Locator;
  readonly report: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Import from a CSV file' });
    this.preview = this.dialog.getByRole('table', { name: 'Preview of the first rows' });
    this.progress = this.dialog.getByTestId('import-progress');
    this.result = this.dialog.getByTestId('import-result');
    this.report = this.dialog.getByRole('table', { name: 'Rows with errors' });
  }

  async open() {
    await this.page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Picks a file made of `content` through the dialog's file button. */
  async choose(name: string, content: string | Buffer) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await expect(this.dialog.getByTestId('import-file-name')).toHaveText(name);
    await expect(this.preview).toBeVisible();
  }

  /** The column chosen for a field, as the mapping select shows it. */
  column(field: string): Locator {
    return this.dialog.getByRole('combobox', { name: field });
  }

  async start(mode: ImportModeLabel = 'All or nothing') {
    await this.dialog.getByRole('radio', { name: mode }).check();
    await this.dialog.getByRole('button', { name: 'Start import' }).click();
  }

  /**
   * Waits for the import to end; answers the result panel. The server runs one import at a time, so
   * an import may first wait behind another worker's (the largest, 50,000 rows, in imports.spec.ts).
   */
  async ended(timeout = 180_000): Promise<Locator> {
    await expect(this.result).toBeVisible({ timeout });
    return this.result;
  }

  reportRows(): Locator {
    return this.report.locator('tbody tr');
  }

  async another() {
    await this.dialog.getByRole('button', { name: 'Import another file' }).click();
  }

  async close() {
    await this.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(this.dialog).toBeHidden();
  }
}
