import { expect, test } from '../fixtures';
import { MediaPage } from '../pages/MediaPage';
import { wav } from '../wav';

test('upload shows its progress, says "Successfully added" and the file plays from the list', async ({
  page,
  signedIn,
  api,
}) => {
  const media = new MediaPage(page);
  await signedIn.open('media');
  await expect(page.getByRole('heading', { name: 'Media' })).toBeVisible();
  // A slow uplink, so the progress bar is there long enough to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const bytes = wav(120);
  await media.upload('welcome-tone.wav', 'audio/wav', bytes);
  await expect(media.progress).toBeVisible();
  const bar = media.progress.getByRole('progressbar');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('media-upload-progress.png') });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByText('Successfully added')).toBeVisible({ timeout: 60_000 });
  await expect(media.progress).toHaveCount(0);
  await expect(media.row('welcome-tone.wav')).toContainText('audio/wav');
  await expect(media.player('welcome-tone.wav')).toHaveAttribute(
    'src',
    /\/api\/storage\/media\/\d+\/stream\?access_token=/,
  );
  expect(await media.playableSeconds('welcome-tone.wav')).toBeCloseTo(120, 0);
  await page.screenshot({ path: test.info().outputPath('media-uploaded.png') });

  const { items } = await api.call<{ items: { name: string; size: number }[] }>(
    'GET',
    '/storage/media?q=welcome-tone*',
  );
  expect(items).toEqual([expect.objectContaining({ name: 'welcome-tone.wav', size: bytes.length })]);
});

test("a text file named .wav is refused with the server's message and not listed", async ({ page, signedIn }) => {
  const media = new MediaPage(page);
  expect(signedIn).toBeTruthy();
  await media.goto();
  await media.upload('not-audio.wav', 'audio/wav', Buffer.from('just some text, not audio\n'.repeat(20)));
  await expect(page.getByText('Only audio files are accepted: WAV, MP3 or Ogg.')).toBeVisible();
  await expect(media.row('not-audio.wav')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('media-wrong-type.png') });
});

test('text-to-speech makes a playable file; deleting removes it', async ({ page, signedIn, api }) => {
  const media = new MediaPage(page);
  expect(signedIn).toBeTruthy();
  await media.goto();
  await page.getByRole('button', { name: 'Text to speech' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create media from text' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('hold-music-intro');
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Thank you for calling. Please hold the line.');
  await page.screenshot({ path: test.info().outputPath('media-tts-dialog.png') });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(media.row('hold-music-intro')).toContainText('audio/wav');
  expect(await media.playableSeconds('hold-music-intro')).toBeGreaterThan(1);
  await page.screenshot({ path: test.info().outputPath('media-tts-created.png') });

  await media.row('hold-music-intro').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(media.row('hold-music-intro')).toHaveCount(0);
  const { items } = await api.call<{ items: unknown[] }>('GET', '/storage/media?q=hold-music-intro');
  expect(items).toEqual([]);
});
