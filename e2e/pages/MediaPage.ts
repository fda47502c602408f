import { expect, type Locator, type Page } from '@playwright/test';

/** /lookups/media: the media files with their players, upload and text-to-speech. */
export class MediaPage {
  readonly table: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.table = page.locator('main table');
    this.progress = page.getByTestId('media-upload-progress');
  }

  async goto() {
    await this.page.goto('/lookups/media');
    await expect(this.page.getByRole('heading', { name: 'Media' })).toBeVisible();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr', { hasText: text });
  }

  player(text: string): Locator {
    return this.row(text).locator('audio');
  }

  /** Chooses a file in the upload button's file picker. */
  async upload(name: string, mimeType: string, buffer: Buffer) {
    await this.page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  }

  /** Loads the row's player and answers the duration the browser decoded (NaN when it cannot). */
  async playableSeconds(text: string): Promise<number> {
    return this.player(text).evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          audio.preload = 'metadata';
          audio.onloadedmetadata = () => resolve(audio.duration);
          audio.onerror = () => resolve(Number.NaN);
          audio.load();
        }),
    );
  }
}
