import type { TestServer } from '../harness.js';
import { makeCalendar } from './fixtures-queues.js';
import { unique } from './helpers.js';

/** An outbound IVR queue (type 2: it takes imports) in the token's domain. */
export async function makeImportQueue(s: TestServer, token: string, type = 2): Promise<number> {
  const calendar = await makeCalendar(s, token);
  const res = await s.request('POST', '/api/call_center/queues', {
    token,
    body: { name: unique('import queue '), type, calendar: { id: calendar } },
  });
  if (res.status !== 201) throw new Error(`queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
