import { MEMBER_COMMUNICATIONS_MAX, messages } from '@switchboard/model';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixture-types.js';
import { makeCommunication } from './fixtures-cc-resources.js';
import { makeCalendar } from './fixtures-queues.js';
import { unique } from './helpers.js';

type Body = Record<string, unknown>;

/** A queue (offline, the default type) in the token's domain, for members to hang under. */
export async function makeQueue(s: TestServer, token: string): Promise<number> {
  const calendar = await makeCalendar(s, token);
  const res = await s.request('POST', '/api/call_center/queues', {
    token,
    body: { name: unique('fixture queue '), calendar: { id: calendar } },
  });
  if (res.status !== 201) throw new Error(`queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The communication type member bodies use, made once per test server. */
const made = new WeakMap<TestServer, number>();
let typeId = 0;

let numbers = 0;
/** A destination no other member of this run has. */
export const destination = () => `+38050${String(++numbers).padStart(7, '0')}`;

/** One communication of the fixture's type, read when the body is sent (after prepare made it). */
const communication = (extra: Body = {}) => {
  const one: Body = { destination: destination(), ...extra };
  return Object.defineProperty(one, 'type', { enumerable: true, get: () => ({ id: typeId }) });
};

export const QUEUE_MEMBER_FIXTURES: Record<string, Fixture> = {
  queueMembers: {
    parent: makeQueue,
    prepare: async (s, token) => {
      let found = made.get(s);
      if (!found) {
        found = await makeCommunication(s, token);
        made.set(s, found);
      }
      typeId = found;
    },
    create: (prefix) => ({
      name: unique(prefix),
      priority: ++numbers % 7,
      communications: [communication()],
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      priority: 5,
      communications: [communication({ display: '100' }), communication({ dtmf: '12' })],
    }),
    patch: { priority: 9 },
    untouched: 'name',
    invalid: [
      {
        rule: 'name required',
        body: { name: '', communications: [communication()] },
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'a communication required',
        body: { name: 'n', communications: [] },
        field: 'communications',
        message: messages.requiredArray,
      },
      {
        rule: 'at most 20 communications',
        body: {
          name: 'n',
          communications: Array.from({ length: MEMBER_COMMUNICATIONS_MAX + 1 }, () => communication()),
        },
        field: 'communications',
        message: messages.communicationsMax,
      },
      {
        rule: 'destination required',
        body: { name: 'n', communications: [communication({ destination: '' })] },
        field: 'communications.0.destination',
        message: messages.required,
      },
      {
        rule: 'dtmf digits only',
        body: { name: 'n', communications: [communication({ dtmf: '1a#' })] },
        field: 'communications.0.dtmf',
        message: messages.dtmfDigits,
      },
      {
        rule: 'end cause one of the list',
        body: { name: 'n', communications: [communication()], stopCause: 'gone' },
        field: 'stopCause',
      },
    ],
  },
};
