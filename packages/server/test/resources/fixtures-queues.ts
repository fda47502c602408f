import type { TestServer } from '../harness.js';
import { unique } from './helpers.js';

/** A calendar in the token's domain, for queues to work by. */
export async function makeCalendar(s: TestServer, token: string): Promise<number> {
  const res = await s.request('POST', '/api/calendars', {
    token,
    body: { name: unique('fixture calendar '), timezone: { name: 'Europe/Berlin' } },
  });
  if (res.status !== 201) throw new Error(`calendar: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
