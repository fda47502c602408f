import { beforeAll, expect } from 'vitest';
import type { TestServer } from '../harness.js';
import { FIXTURES } from './fixtures.js';
import { makeActor } from './helpers.js';

export type Device = Record<string, unknown> & { id: number; account: string };

/**
 * The steps the devices suites share, on their server: a device from the fixture (created by the
 * administrator unless `as` says who), a hotdesk one, and a telephony event posted as a phone
 * system (a user holding only the telephonyEvents permission, made before the tests).
 */
export function useDeviceSteps(s: TestServer) {
  let phone = '';
  beforeAll(async () => {
    phone = (await makeActor(s, s.adminToken, { permissions: ['telephonyEvents'] })).token;
  });
  const newDevice = async (extra: Record<string, unknown> = {}, as = s.adminToken): Promise<Device> => {
    const res = await s.request('POST', '/api/devices', {
      token: as,
      body: { ...FIXTURES.devices.create('dev'), ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const hotdesk = (extra: Record<string, unknown> = {}) =>
    newDevice({ account: '', hotdesk: true, hotdesks: ['pc-01', 'Front_Desk'], ...extra });
  const post = (body: unknown, as = phone) => s.request('POST', '/api/telephony/events', { token: as, body });
  return { newDevice, hotdesk, post };
}
