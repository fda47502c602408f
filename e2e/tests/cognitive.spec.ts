import { expect, test } from '../fixtures';
import { CognitivePages } from '../pages/CognitivePages';
import { MediaPage } from '../pages/MediaPage';
import { COGNITIVE_STANDIN } from '../playwright.config';

const PATH = '/storage/cognitive_profiles';

test('a Microsoft text-to-speech profile is created in English; its key is never shown again', async ({
  page,
  signedIn,
  api,
}) => {
  const ui = new CognitivePages(page);
  await signedIn.open('cognitiveProfiles');
  await expect(page).toHaveURL(/\/integrations\/cognitive-profiles$/);
  await expect(page.getByRole('heading', { name: 'Cognitive profiles' })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/integrations\/cognitive-profile\/new$/);
  await expect(page.getByRole('heading', { name: 'New cognitive profile' })).toBeVisible();
  await ui.save();
  for (const label of ['Name', 'Provider', 'Service']) {
    await expect(ui.errorOf(label), label).toHaveText('This field is required');
  }
  await ui.field('Name').fill('e2e-azure-voice');
  await ui.choose('Provider', 'Microsoft');
  await ui.choose('Service', 'Text-to-speech');
  await expect(page.getByText('Microsoft Azure AI Speech: a key of the Speech resource')).toBeVisible();
  await ui.save();
  await expect(ui.errorOf('Key')).toHaveText('This field is required');
  await expect(ui.errorOf('Region')).toHaveText('This field is required');
  await ui.field('Key').fill(COGNITIVE_STANDIN.microsoftKey);
  await ui.field('Region').fill('West Europe');
  await ui.choose('Language', 'Russian');
  await ui.save();
  await expect(ui.errorOf('Region')).toHaveText(
    'Should be a region name: lowercase letters and digits, such as westeurope',
  );
  await ui.field('Region').fill('westeurope');
  await page.getByRole('switch', { name: 'Default for its service' }).check({ force: true });
  await ui.save();
  const id = await ui.savedId();
  try {
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    // Write-only: the field is empty and says a key is kept.
    await expect(ui.field('Key')).toHaveValue('');
    await expect(ui.field('Key')).toHaveAttribute('placeholder', 'Set — leave empty to keep');
    const stored = await api.call<Record<string, unknown>>('GET', `${PATH}/${id}`);
    expect(stored).toMatchObject({ provider: 'microsoft', service: 'tts', default: true, keySet: true });
    expect(JSON.stringify(stored)).not.toContain(COGNITIVE_STANDIN.microsoftKey);
    await page.screenshot({ path: test.info().outputPath('cognitive-en-editor.png') });
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByRole('tab', { name: 'Permissions', selected: true })).toBeVisible();

    await page.goto('/integrations/cognitive-profiles');
    const row = ui.row('e2e-azure-voice');
    await expect(row).toContainText('Microsoft');
    await expect(row).toContainText('Text-to-speech');
    // The inline toggle turns the profile off and on.
    const enabled = row.getByRole('switch', { name: 'Enabled' });
    await expect(enabled).toBeChecked();
    await enabled.click({ force: true });
    await expect.poll(async () => (await api.call<{ enabled: boolean }>('GET', `${PATH}/${id}`)).enabled).toBe(false);
    await enabled.click({ force: true });
    await expect.poll(async () => (await api.call<{ enabled: boolean }>('GET', `${PATH}/${id}`)).enabled).toBe(true);
    await page.screenshot({ path: test.info().outputPath('cognitive-en-list.png') });
  } finally {
    await api.call('DELETE', `${PATH}/${id}`);
  }
});

test('the list and the editor in Russian', async ({ page, signedIn, api }) => {
  const ui = new CognitivePages(page);
  const made = await api.call<{ id: number }>('POST', PATH, {
    name: 'e2e-google-stt',
    provider: 'google',
    service: 'stt',
    default: true,
    description: 'Расшифровка записей',
    properties: { key: COGNITIVE_STANDIN.googleKey, locale: 'uk-UA' },
  });
  try {
    await signedIn.switchLanguage('ru');
    await page.goto('/integrations/cognitive-profiles');
    await expect(page.getByRole('heading', { name: 'Голосовые профили' })).toBeVisible();
    const row = ui.row('e2e-google-stt');
    await expect(row).toContainText('Google');
    await expect(row).toContainText('Распознавание речи');
    for (const header of ['Имя', 'Провайдер', 'Служба', 'По умолчанию', 'Включено']) {
      await expect(ui.table.getByRole('columnheader', { name: header }), header).toBeVisible();
    }
    await page.screenshot({ path: test.info().outputPath('cognitive-ru-list.png') });
    await row.getByRole('link', { name: 'e2e-google-stt' }).click();
    await expect(page).toHaveURL(new RegExp(`/integrations/cognitive-profile/${made.id}$`));
    await expect(page.getByRole('heading', { name: 'e2e-google-stt' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Провайдер' })).toHaveValue('Google');
    await expect(page.getByRole('combobox', { name: 'Язык' })).toHaveValue('Украинский');
    await expect(ui.field('Ключ')).toHaveValue('');
    await expect(page.getByRole('tab', { name: 'Права доступа' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('cognitive-ru-editor.png') });
    // Back to the list, beside which the editor lives.
    await page.getByRole('link', { name: 'Назад к списку' }).click();
    await expect(page).toHaveURL(/\/integrations\/cognitive-profiles(\?.*)?$/);
    await signedIn.switchLanguage('en');
  } finally {
    await api.call('DELETE', `${PATH}/${made.id}`);
  }
});

test('the text-to-speech dialog speaks through a profile; an STT profile transcribes the file', async ({
  page,
  signedIn,
  api,
}) => {
  const tts = await api.call<{ id: number }>('POST', PATH, {
    name: 'e2e-google-tts',
    provider: 'google',
    service: 'tts',
    properties: { key: COGNITIVE_STANDIN.googleKey, locale: 'en-GB' },
  });
  const stt = await api.call<{ id: number }>('POST', PATH, {
    name: 'e2e-azure-stt',
    provider: 'microsoft',
    service: 'stt',
    properties: { key: COGNITIVE_STANDIN.microsoftKey, region: 'northeurope' },
  });
  const media = new MediaPage(page);
  try {
    expect(signedIn).toBeTruthy();
    await media.goto();
    await page.getByRole('button', { name: 'Text to speech' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create media from text' });
    await dialog.getByRole('combobox', { name: 'Speak with' }).click();
    await page.getByRole('option', { name: 'e2e-google-tts · Google · en-GB' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Voice' })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('e2e-cloud-greeting');
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Welcome to the support line.');
    await page.screenshot({ path: test.info().outputPath('cognitive-tts-dialog.png') });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Successfully added')).toBeVisible();
    await expect(media.row('e2e-cloud-greeting')).toContainText('audio/wav');
    expect(await media.playableSeconds('e2e-cloud-greeting')).toBeGreaterThan(0);

    await media.row('e2e-cloud-greeting').getByRole('button', { name: 'Transcribe e2e-cloud-greeting' }).click();
    const heard = page.getByRole('dialog', { name: 'Transcript of e2e-cloud-greeting' });
    await expect(heard.getByRole('combobox', { name: 'Speech-to-text profile' })).toHaveValue(
      'e2e-azure-stt · Microsoft · en-US',
    );
    await heard.getByRole('button', { name: 'Transcribe' }).click();
    await expect(heard.getByTestId('media-transcript')).toHaveValue('Hello from the speech stand-in.');
    await page.screenshot({ path: test.info().outputPath('cognitive-transcript.png') });
    await heard.getByRole('button', { name: 'Close' }).click();

    // A provider that refuses the key: the administrator reads why, nothing is added.
    await api.call('PATCH', `${PATH}/${tts.id}`, { properties: { key: 'not-the-key', locale: 'en-GB' } });
    await page.getByRole('button', { name: 'Text to speech' }).click();
    await dialog.getByRole('combobox', { name: 'Speak with' }).click();
    await page.getByRole('option', { name: 'e2e-google-tts · Google · en-GB' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('e2e-refused');
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Refused.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      page.getByText('The Google speech service refused the key of the profile e2e-google-tts: check its key.'),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('cognitive-tts-refused.png') });
    await expect(media.row('e2e-refused')).toHaveCount(0);
  } finally {
    const { items } = await api.call<{ items: { id: number }[] }>('GET', '/storage/media?q=e2e-cloud-greeting');
    for (const item of items) await api.call('DELETE', `/storage/media/${item.id}`);
    await api.call('DELETE', `${PATH}/${tts.id}`);
    await api.call('DELETE', `${PATH}/${stt.id}`);
  }
});
