import { messages } from '@switchboard/model';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixture-types.js';
import { makeCalendar } from './fixtures-queues.js';
import { unique } from './helpers.js';

type Body = Record<string, unknown>;

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

/** The queue templates refer to, made once per test server and domain (token). */
const made = new WeakMap<TestServer, Map<string, number>>();
let queue = 0;

async function prepare(s: TestServer, token: string) {
  let byToken = made.get(s);
  if (!byToken) {
    byToken = new Map();
    made.set(s, byToken);
  }
  let id = byToken.get(token);
  if (!id) {
    id = await makeImportQueue(s, token);
    byToken.set(token, id);
  }
  queue = id;
}

const parameters = (more: Body = {}) => ({
  charset: 'utf-8',
  separator: ',',
  skipHeaders: true,
  clearMembers: false,
  mappings: { name: 'name', destination: ['phone'], code: ['type'] },
  ...more,
});

const withQueue = (body: Body) => {
  Object.defineProperty(body, 'source', { enumerable: true, get: () => ({ id: queue }) });
  return body;
};

export const IMPORT_TEMPLATE_FIXTURES: Record<string, Fixture> = {
  importTemplates: {
    prepare,
    grants: { cc_queue: 'r' },
    create: (prefix) => withQueue({ name: unique(prefix), description: 'made by a test', parameters: parameters() }),
    searchValue: (b) => b.name as string,
    update: (prefix) =>
      withQueue({ name: unique(prefix), description: 'replaced', parameters: parameters({ separator: ';' }) }),
    untouched: 'description',
    invalid: [
      {
        rule: 'name required',
        body: { name: '', source: { id: 1 }, parameters: parameters() },
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'queue required',
        body: { name: unique('q'), parameters: parameters() },
        field: 'source',
        message: messages.required,
      },
      {
        rule: 'name mapping required',
        body: {
          name: unique('m'),
          source: { id: 1 },
          parameters: parameters({ mappings: { destination: ['a'], code: ['b'] } }),
        },
        field: 'parameters.mappings.name',
        message: messages.required,
      },
    ],
  },
};
