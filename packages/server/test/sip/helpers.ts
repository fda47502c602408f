import fs from 'node:fs';
import type { Driver } from '../../src/db/client.js';
import { startTestServer, type TestServer } from '../harness.js';
import { testSipConfig } from './sipp.js';

export type SipTestServer = TestServer & { sipPort: number; target: string };

/** A test server with Kamailio beside it on free loopback ports; close() stops both. */
export async function startSipServer(driver: Driver, extra: Parameters<typeof startTestServer>[0] = {}) {
  const sip = await testSipConfig(extra.config?.sip ?? {});
  const s = await startTestServer({
    driver,
    ...extra,
    config: { ...extra.config, sip },
    kamailio: { minExpires: 1, debug: process.env.SWITCHBOARD_SIP_ECHO ? 3 : 1, ...extra.kamailio },
  });
  await s.sip?.ready();
  const close = s.close;
  return Object.assign(s, {
    sipPort: sip.port,
    target: `127.0.0.1:${sip.port}`,
    close: async () => {
      await close();
      fs.rmSync(sip.dir, { recursive: true, force: true });
    },
  }) as SipTestServer;
}

export { until } from '../until.js';

/** A device's presence state index. */
export async function stateOf(s: TestServer, id: number): Promise<number> {
  return (await s.request('GET', `/api/devices/${id}`, { token: s.adminToken })).body.state as number;
}

export async function createDevice(
  s: TestServer,
  account: string,
  password: string,
  extra: Record<string, unknown> = {},
) {
  const res = await s.request('POST', '/api/devices', {
    token: s.adminToken,
    body: { name: account, account, password, ...extra },
  });
  if (res.status !== 201) throw new Error(`device ${account}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; account: string };
}

/** The final answer to a call in a SIPp message trace (the 407 challenge aside). */
export function finalCode(messages: string): number | undefined {
  return [...messages.matchAll(/^SIP\/2\.0 (\d{3})/gm)].map((m) => Number(m[1])).find((c) => c >= 200 && c !== 407);
}
