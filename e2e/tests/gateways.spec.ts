import zlib from 'node:zlib';
import { type AdminApi, expect, test } from '../fixtures';
import { ChatGatewaysListPage, GatewayEditPage, SipGatewaysListPage } from '../pages/GatewaysPages';

/** A real PNG of `size` x `size` pixels (one colour), for the logo upload. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x33)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A chat flow for the gateways to run. */
async function chatFlow(api: AdminApi, name: string): Promise<{ id: number }> {
  return api.call('POST', '/routing/schema', { name, type: 'chat', schema: [] });
}

type Gateway = { id: number; uri: string; enabled: boolean; metadata: Record<string, string>; secretsSet: string[] };

test('a register gateway shows the spec messages, then saves with enable on and expires 600', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new SipGatewaysListPage(page);
  const editor = new GatewayEditPage(page);
  await signedIn.open('sipGateways');
  await expect(page.getByRole('heading', { name: 'SIP gateways' })).toBeVisible();
  await list.add('New register gateway');
  await expect(page).toHaveURL(/\/routing\/sip-gateways\/register\/new$/);
  await expect(editor.field('Expires, seconds')).toHaveValue('600');
  await expect(page.getByRole('switch', { name: 'Enabled' })).toBeChecked();

  await editor.save();
  await expect(editor.errorOf('Name')).toHaveText('This field is required');
  await expect(editor.errorOf('Account (SIP URI)')).toHaveText('This field is required');
  await expect(editor.errorOf('Password')).toHaveText('This field is required');
  await expect(editor.errorOf('Proxy')).toHaveText('This field is required');

  await editor.field('Name').fill('e2e-register');
  await editor.field('Account (SIP URI)').fill('no-at-sign');
  await editor.field('Password').fill('gw-pass');
  await editor.field('Proxy').fill('bad host!');
  await editor.field('Expires, seconds').fill('10');
  await editor.save();
  await expect(editor.errorOf('Account (SIP URI)')).toHaveText('Should look like SIP account');
  await expect(editor.errorOf('Proxy')).toHaveText('Should look like IPv4 or FQDN');
  await expect(editor.errorOf('Expires, seconds')).toHaveText('Value should be at least 32');
  await page.screenshot({ path: test.info().outputPath('gateways-register-invalid.png') });

  await editor.field('Account (SIP URI)').fill('sip:1001@pbx.example.com');
  await editor.field('Proxy').fill('pbx.example.com');
  await editor.field('Expires, seconds').fill('600');
  await editor.save();
  await expect(page).toHaveURL(/\/routing\/sip-gateways\/register\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const stored = await api.call<Record<string, unknown>>('GET', `/sip/gateways/${id}`);
  expect(stored).toMatchObject({ register: true, enable: true, expires: 600, account: 'sip:1001@pbx.example.com' });
  expect(stored).not.toHaveProperty('password');

  await list.goto();
  await expect(list.row('e2e-register')).toContainText('Register');
  await expect(list.row('e2e-register')).toContainText('Not registered');
  // The telephony side reports the registration: the row follows without a reload.
  await api.call('POST', '/telephony/events', { type: 'gateway', name: 'e2e-register', state: 'success' });
  await expect(list.row('e2e-register')).toContainText('Registered');
  await expect(list.row('e2e-register')).not.toContainText('Not registered');
  await page.screenshot({ path: test.info().outputPath('gateways-sip-list.png') });
});

test('a trunking gateway checks host and ACL addresses and keeps proto any', async ({ page, signedIn, api }) => {
  const list = new SipGatewaysListPage(page);
  const editor = new GatewayEditPage(page);
  expect(signedIn).toBeTruthy();
  await list.goto();
  await list.add('New trunking gateway');
  await expect(page).toHaveURL(/\/trunking\/new$/);
  await editor.field('Name').fill('e2e-trunk');
  await editor.field('Host').fill('not a host');
  await editor.field('Proxy').fill('10.0.0.1');
  await editor.tab('IP access list').click();
  await page.getByRole('button', { name: 'Add an address' }).click();
  await page.getByRole('textbox', { name: 'IP address' }).fill('300.1.1.1');
  await editor.save();
  await expect(page.getByText('Should look like IPv4', { exact: true })).toBeVisible();
  await editor.tab('General').click();
  await expect(editor.errorOf('Host')).toHaveText('Should look like IPv4 or FQDN');
  await page.screenshot({ path: test.info().outputPath('gateways-trunking-invalid.png') });
  await editor.field('Host').fill('sbc.example.com');
  await editor.tab('IP access list').click();
  await page.getByRole('textbox', { name: 'IP address' }).fill('10.0.0.7');
  await editor.save();
  await expect(page).toHaveURL(/\/trunking\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const stored = await api.call<Record<string, unknown>>('GET', `/sip/gateways/${id}`);
  expect(stored).toMatchObject({
    register: false,
    host: 'sbc.example.com',
    ipacl: [{ ip: '10.0.0.7', proto: 'any', port: null }],
  });
  await list.goto();
  await expect(list.row('e2e-trunk')).toContainText('Trunking');
});

test('web chat settings save and read back exactly; a wrong logo and a short timeout are refused', async ({
  page,
  signedIn,
  api,
}) => {
  const made = await api.call<Gateway>('POST', '/chat/bots', {
    name: 'e2e-webchat',
    flow: await chatFlow(api, 'e2e webchat flow'),
    provider: 'webchat',
  });
  expect(made.uri).toMatch(/^\/[a-z]{31}$/);
  const editor = new GatewayEditPage(page);
  expect(signedIn).toBeTruthy();
  await page.goto(`/routing/chat-gateways/${made.id}`);
  await expect(editor.field('URI')).toHaveValue(made.uri);

  await editor.tab('Web chat').click();
  await expect(editor.field('Read timeout')).toHaveValue('30 s');
  await expect(editor.field('Largest file')).toHaveValue('10 MB');
  const origins = editor.select('Allowed origins');
  await origins.fill('https://a.example');
  await origins.press('Enter');
  await origins.fill('https://b.example');
  await origins.press('Enter');
  await editor.field('Read timeout').fill('10');
  await editor.field('Largest file').fill('5');
  await editor.save();
  await expect(editor.errorOf('Read timeout')).toHaveText('Value should be at least 30');
  await editor.field('Read timeout').fill('45');

  await editor.tab('View').click();
  const upload = page.locator('input[type="file"]');
  await upload.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(32, 24) });
  await expect(page.getByText('Logo should be JPEG or PNG, 24x24 px')).toBeVisible();
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(24, 24) });
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await editor.select('Position').click();
  await page.getByRole('option', { name: 'Left' }).click();

  await editor.tab('Appointment').click();
  await page.getByRole('switch', { name: 'Appointments enabled' }).check();
  await editor.field('Days ahead').fill('5');

  await editor.tab('Alternative channels').click();
  await page.getByRole('switch', { name: 'Viber' }).check();
  await page.getByRole('textbox', { name: 'Viber Address' }).fill('viber://pa?chatURI=acme');
  await editor.save();
  await expect(page.getByText('Saved')).toBeVisible();

  const stored = await api.call<Gateway>('GET', `/chat/bots/${made.id}`);
  expect(stored.metadata).toMatchObject({
    allowOrigin: 'https://a.example,https://b.example',
    readTimeout: '45s',
    writeTimeout: '1s',
    handshakeTimeout: '10s',
    mediaMaxSize: String(5 * 1024 * 1024),
  });
  const view = JSON.parse(stored.metadata.view);
  expect(view.position).toBe('left');
  expect(view.logoUrl).toMatch(/^data:image\/png;base64,/);
  expect(JSON.parse(stored.metadata.appointment)).toMatchObject({ enabled: true, days: 5, duration: '30m' });
  expect(JSON.parse(stored.metadata.alternativeChannels).viber).toEqual({
    url: 'viber://pa?chatURI=acme',
    enabled: true,
  });

  // Read again from the server: the form shows what was saved, and saving nothing changes nothing.
  await page.reload();
  await editor.tab('Web chat').click();
  await expect(editor.field('Read timeout')).toHaveValue('45 s');
  await expect(editor.field('Largest file')).toHaveValue('5 MB');
  await expect(page.getByText('https://b.example')).toBeVisible();
  await editor.tab('View').click();
  await expect(editor.select('Position')).toHaveValue('Left');
  await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gateways-webchat-view.png') });
  await editor.tab('Alternative channels').click();
  await expect(page.getByRole('textbox', { name: 'Viber Address' })).toHaveValue('viber://pa?chatURI=acme');
  await editor.tab('Appointment').click();
  await expect(editor.field('Days ahead')).toHaveValue('5');
  expect((await api.call<Gateway>('GET', `/chat/bots/${made.id}`)).metadata).toEqual(stored.metadata);
});

test('a new chat gateway wants name, flow and provider; the list toggles enabled', async ({ page, signedIn, api }) => {
  const editor = new GatewayEditPage(page);
  expect(signedIn).toBeTruthy();
  const list = new ChatGatewaysListPage(page);
  await chatFlow(api, 'e2e telegram flow');
  await list.goto();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/routing\/chat-gateways\/new$/);
  await editor.save();
  await expect(editor.errorOf('Name')).toHaveText('This field is required');
  await expect(editor.errorOf('Flow')).toHaveText('This field is required');
  await expect(editor.errorOf('Provider')).toHaveText('This field is required');

  await editor.field('Name').fill('e2e-telegram');
  await editor.select('Flow').click();
  await page.getByRole('option', { name: 'e2e telegram flow' }).click();
  await editor.select('Provider').click();
  await page.getByRole('option', { name: 'Telegram bot' }).click();
  await editor.tab('Provider settings').click();
  await editor.save();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Token').fill('1:abc');
  await editor.save();
  await expect(page).toHaveURL(/\/routing\/chat-gateways\/\d+$/);
  const made = await api.call<Gateway>('GET', `/chat/bots/${page.url().split('/').pop()}`);
  // The bot token is stored but never answered: the editor shows that it is set, not its value.
  expect(made).toMatchObject({ enabled: false, provider: 'telegram', metadata: {}, secretsSet: ['token'] });
  expect(JSON.stringify(made)).not.toContain('1:abc');
  // The saved record opens on its first tab (the open tab lives in the URL of the new one).
  await editor.tab('Provider settings').click();
  await expect(page.getByLabel('Token')).toHaveValue('');
  await expect(page.getByLabel('Token')).toHaveAttribute('placeholder', 'Set — leave empty to keep');
  await page.screenshot({ path: test.info().outputPath('chat-secret-set.png') });
  expect(made.uri).toMatch(/^\/[a-z]{31}$/);
  await editor.tab('General').click();
  await expect(editor.field('URI')).toHaveValue(made.uri);
  await list.goto();
  const toggle = list.row('e2e-telegram').getByRole('switch');
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect.poll(async () => (await api.call<Gateway>('GET', `/chat/bots/${made.id}`)).enabled).toBe(true);
  await expect(toggle).toBeChecked();
  await expect(list.row('e2e-telegram')).toContainText('Telegram bot');
  await page.screenshot({ path: test.info().outputPath('gateways-chat-list.png') });
});

test('messenger pages: connect through the provider dialog, subscribe and unsubscribe', async ({
  page,
  signedIn,
  api,
}) => {
  const made = await api.call<Gateway>('POST', '/chat/bots', {
    name: 'e2e-messenger',
    flow: await chatFlow(api, 'e2e messenger flow'),
    provider: 'messenger',
    metadata: { clientId: 'e2e-app', clientSecret: 'e2e-secret' },
  });
  const editor = new GatewayEditPage(page);
  expect(signedIn).toBeTruthy();
  await page.goto(`/routing/chat-gateways/${made.id}`);
  await editor.tab('Messenger pages').click();
  await expect(page.getByText('No pages yet')).toBeVisible();
  // The stand-in dialog grants at once and sends the browser back through our server.
  await page.getByRole('button', { name: 'Connect accounts' }).click();
  await expect(page).toHaveURL(new RegExp(`/routing/chat-gateways/${made.id}$`));
  await editor.tab('Messenger pages').click();
  const support = page.locator('tbody tr', { hasText: 'Acme Support' });
  await expect(support).toContainText('@acme.support');
  await expect(support).toContainText('Not subscribed');
  await support.getByRole('button', { name: 'Subscribe' }).click();
  await expect(support).toContainText('Subscribed');
  await expect(support).not.toContainText('Not subscribed');
  await page.screenshot({ path: test.info().outputPath('gateways-messenger-pages.png') });

  await page.reload();
  await editor.tab('Messenger pages').click();
  await expect(support.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await editor.tab('Instagram').click();
  await expect(page.locator('tbody tr', { hasText: 'acme.support' })).toContainText('Subscribed');
  await editor.tab('Messenger pages').click();
  await support.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(support).toContainText('Not subscribed');
  const pages = await api.call<{ items: { id: string; subscribed: boolean }[] }>(
    'GET',
    `/chat/hook${made.uri}?pages=list`,
  );
  expect(pages.items.every((p) => !p.subscribed)).toBe(true);

  await editor.tab('WhatsApp').click();
  await page.getByRole('button', { name: 'Connect accounts' }).click();
  await expect(page).toHaveURL(new RegExp(`/routing/chat-gateways/${made.id}$`));
  await editor.tab('WhatsApp').click();
  const waba = page.locator('tbody tr', { hasText: 'Acme WhatsApp' });
  await expect(waba).toContainText('+1 555-0100');
  await waba.getByRole('button', { name: 'Subscribe' }).click();
  await expect(waba).toContainText('Subscribed');
  await page.screenshot({ path: test.info().outputPath('gateways-whatsapp.png') });
  await waba.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No WhatsApp accounts yet')).toBeVisible();
});
