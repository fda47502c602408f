import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { auth, freeUdpPort, sipp } from '../../packages/server/test/sip/sipp';
import { expect, test } from '../fixtures';
import { DeviceEditPage, DevicesListPage } from '../pages/DevicesPages';
import { SIP_SERVER } from '../playwright.config';

const SIP_TARGET = `127.0.0.1:${SIP_SERVER.port}`;

/** Does the SIP server (Kamailio beside the console) accept a TCP connection on its port now? */
function sipListening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: SIP_SERVER.port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function installed(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A phone (SIPp, with the SIP tests' register.xml) registers through the real SIP server the e2e
 * launcher runs beside the console, as a device of the worker's domain (the domain's name is the
 * realm): the open device list turns to Registered without a reload, the device's Registrations
 * tab shows the contact, address and user agent, and an unregistration turns both back.
 */
test('a phone registering through the SIP server shows live in the device list and its registrations', async ({
  page,
  signedIn,
  api,
  domain,
}) => {
  expect(signedIn).toBeTruthy();
  expect(installed('sipp'), 'SIPp (sip-tester) is installed').toBe(true);
  // The server starts Kamailio once it listens itself: the console may answer a little earlier.
  await expect.poll(sipListening, { message: `the SIP server listens on ${SIP_TARGET}` }).toBe(true);

  const account = `sipdesk-${Date.now().toString(36)}`;
  const password = 'Sip-e2e-password-1';
  const device = await api.call<{ id: number }>('POST', '/devices', { name: `SIP ${account}`, account, password });
  // One phone: the same local port (so the same contact) for its REGISTER and its unregistration.
  const phonePort = await freeUdpPort();
  const register = (expires: number) =>
    sipp('register.xml', SIP_TARGET, {
      rows: [[account, domain, auth(account, password), String(expires)]],
      port: phonePort,
    });

  const list = new DevicesListPage(page);
  await list.goto(`?q=${account}`);
  await expect(list.state(account)).toHaveAttribute('data-state', 'nonreg');
  // A mark on the window survives only as long as the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { untouched: true }));

  // Ten minutes: a registration that expired while a slow machine drew the screens would add an
  // "Expired" row above the one under test (at load 36 a one-minute one did).
  const registered = await register(600);
  expect(registered.code, registered.output).toBe(0);
  await expect(list.state(account)).toHaveAttribute('data-state', 'reged');
  await expect(list.state(account)).toHaveText('Registered');
  expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('sip-device-list-registered.png') });

  await list
    .row(account)
    .getByRole('link', { name: `SIP ${account}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/directory/devices/${device.id}$`));
  const editor = new DeviceEditPage(page);
  await editor.tab('Registrations').click();
  const rows = page.locator('main table tbody tr');
  await expect(rows).toHaveCount(1);
  const contact = `sip:${account}@127.0.0.1:${phonePort}`;
  await expect(rows.first()).toContainText('Registered');
  await expect(rows.first()).toContainText(contact);
  await expect(rows.first()).toContainText(`127.0.0.1:${phonePort}`);
  await expect(rows.first()).toContainText('UDP');
  await expect(rows.first()).toContainText('SIPp softphone');
  // The time the SIP server granted, as it counted it (a second more or less under load).
  await expect(rows.first().locator('td').last()).toHaveText(/^(599|600|601) s$/);
  await page.screenshot({ path: test.info().outputPath('sip-device-registrations.png') });

  // Expires: 0 from the same phone: the open tab shows the unregistration on top, without a reload.
  const unregistered = await register(0);
  expect(unregistered.code, unregistered.output).toBe(0);
  await expect(rows).toHaveCount(2);
  await expect(rows.first().locator('[data-event]')).toHaveAttribute('data-event', 'unregistered');
  await expect(rows.first()).toContainText('Unregistered');
  await expect(rows.first()).toContainText(contact);
  await expect(rows.nth(1).locator('[data-event]')).toHaveAttribute('data-event', 'registered');
  await page.screenshot({ path: test.info().outputPath('sip-device-unregistered.png') });

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(list.state(account)).toHaveAttribute('data-state', 'nonreg');
  await expect(list.state(account)).toHaveText('Not registered');
});
