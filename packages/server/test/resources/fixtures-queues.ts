import { messages } from '@switchboard/model';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixture-types.js';
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

/** What queue bodies refer to, made once per test server and domain (token). */
const made = new WeakMap<TestServer, Map<string, { calendar: number }>>();
let refs = { calendar: 0 };

/**
 * Makes the calendar queue bodies refer to, and lets every role of the domain read it: calendars
 * start with record checks on, and the access suite's actors (each with a role of its own, made
 * before their tests ask for a record) create queues that refer to it. Run again, it grants the
 * roles made since.
 */
async function prepare(s: TestServer, token: string) {
  let byToken = made.get(s);
  if (!byToken) {
    byToken = new Map();
    made.set(s, byToken);
  }
  let found = byToken.get(token);
  if (!found) {
    found = { calendar: await makeCalendar(s, token) };
    byToken.set(token, found);
  }
  refs = found;
  const roles = await s.request('GET', '/api/roles', { token, query: { size: 1000, fields: ['id'] } });
  if (roles.status !== 200) throw new Error(`roles: ${roles.status} ${JSON.stringify(roles.body)}`);
  const grants = roles.body.items.map((r: { id: number }) => ({ grantee: { id: r.id }, grants: 'r' }));
  const res = await s.request('PATCH', `/api/calendars/${found.calendar}/acl`, { token, body: grants });
  if (res.status !== 200) throw new Error(`calendar acl: ${res.status} ${JSON.stringify(res.body)}`);
}

const withCalendar = (body: Body) => {
  Object.defineProperty(body, 'calendar', { enumerable: true, get: () => ({ id: refs.calendar }) });
  return body;
};

/** A valid new queue of a type, by its code, with settings of its own where the type has them. */
const ofType =
  (type: number, payload: Body = {}) =>
  (prefix: string) =>
    withCalendar({ name: unique(prefix), type, priority: 1, payload });

export const QUEUE_FIXTURES: Record<string, Fixture> = {
  queues: {
    prepare,
    grants: { calendars: 'r' },
    create: (prefix) => withCalendar({ name: unique(prefix), type: 0, priority: 3, description: 'made by a test' }),
    searchValue: (b) => b.name as string,
    update: (prefix) => withCalendar({ name: unique(prefix), type: 0, priority: 5, description: 'replaced' }),
    patch: { priority: 9 },
    bulkPatch: { enabled: false },
    untouched: 'description',
    invalid: [
      { rule: 'name required', body: { name: '', calendar: { id: 1 } }, field: 'name', message: messages.required },
      { rule: 'calendar required', body: { name: unique('c') }, field: 'calendar', message: messages.required },
      {
        rule: 'priority 0 or more',
        body: { name: unique('p'), calendar: { id: 1 }, priority: -1 },
        field: 'priority',
        message: `${messages.min} 0`,
      },
    ],
    variants: {
      offline: ofType(0, { recordings: true, originateTimeout: 30 }),
      inbound: ofType(1, { maxWaitingSize: 20 }),
      outboundIvr: ofType(2, { minDuration: 5 }),
      preview: ofType(3, { endless: true }),
      progressive: ofType(4, { autoAnswerTone: 'beep' }),
      predictive: ofType(5, { loadFactor: 20 }),
      chatInbound: ofType(6, { maxIdleDialog: 60 }),
      inboundJob: ofType(7, { maxCalls: 4 }),
      outboundJob: ofType(8, { strictCircuit: true }),
    },
  },
};
