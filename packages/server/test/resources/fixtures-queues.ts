import { messages } from '@switchboard/model';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixtures.js';
import { unique } from './helpers.js';

type Body = Record<string, unknown>;

/** A calendar in the token's domain, for queues to work by. */
export async function makeCalendar(s: TestServer, token: string): Promise<number> {
  const res = await s.request('POST', '/api/calendars', {
    token,
    body: { name: unique('fixture calendar '), timezone: { name: 'Europe/Berlin' } },
  });
  if (res.status !== 201) throw new Error(`calendar: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** What queue bodies refer to, made once per test server. */
const made = new WeakMap<TestServer, { calendar: number }>();
let refs = { calendar: 0 };

async function prepare(s: TestServer, token: string) {
  let found = made.get(s);
  if (!found) {
    found = { calendar: await makeCalendar(s, token) };
    made.set(s, found);
  }
  refs = found;
}

const withCalendar = (body: Body) => {
  Object.defineProperty(body, 'calendar', { enumerable: true, get: () => ({ id: refs.calendar }) });
  return body;
};

export const QUEUE_FIXTURES: Record<string, Fixture> = {
  queues: {
    prepare,
    grants: { calendars: 'r' },
    create: (prefix) => withCalendar({ name: unique(prefix), type: 0, priority: 3, description: 'made by a test' }),
    searchValue: (b) => b.name as string,
    update: (prefix) => withCalendar({ name: unique(prefix), type: 0, priority: 5, description: 'replaced' }),
    patch: { priority: 9 },
    untouched: 'description',
    invalid: [
      { rule: 'name required', body: { name: '', calendar: { id: 1 } }, field: 'name', message: messages.required },
      { rule: 'calendar required', body: { name: unique('c') }, field: 'calendar', message: messages.required },
    ],
  },
};
