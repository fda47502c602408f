import { deviceUserAudit, flowVersions, loggerEntries, loggerExports } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import { seedLicense } from '../licenses.js';
import type { Fixture } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

/** The caller's domain id. */
async function domainOf(s: TestServer, token: string): Promise<number> {
  const info = await s.request('GET', '/api/userinfo', { token });
  if (info.status !== 200) throw new Error(`userinfo: ${info.status}`);
  return info.body.domainId;
}

async function post(s: TestServer, token: string, path: string, body: Body): Promise<Body & { id: number }> {
  const res = await s.request('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const newUser = (s: TestServer, token: string, extra: Body = {}) =>
  post(s, token, '/api/users', {
    username: unique('holder'),
    password: 'Secret-pass-1',
    name: unique('Holder '),
    ...extra,
  });

const HOUR = 3_600_000;
/** Instants an hour or more apart, in an order unlike their creation. */
const instant = (n: number) => new Date(Date.UTC(2026, 0, 1) + scramble(n) * HOUR).toISOString();
let seeded = 0;

/**
 * Fixtures of the nested resources that are read-only or written by other means: each parent
 * comes with three records under it (written the way the server writes them: the change-log
 * writer's rows, telephony usage rows, flow saves, license seats).
 */
export const NESTED_FIXTURES: Record<string, Fixture> = {
  userLogs: {
    parent: async (s, token) => {
      const user = await newUser(s, token);
      const domainId = await domainOf(s, token);
      await s.ctx.db.insert(loggerEntries).values(
        (['create', 'update', 'delete'] as const).map((action, i) => ({
          domainId,
          object: ['devices', 'calendars', 'teams'][i],
          action,
          userId: user.id,
          userIp: `10.0.0.${scramble(++seeded) % 250}`,
          recordId: scramble(seeded),
          date: instant(seeded),
          newState: { note: 'seeded' },
        })),
      );
      return user.id;
    },
    searchValue: () => '',
    invalid: [],
  },
  loggerConfigLogs: {
    parent: async (s, token) => {
      const available = await s.request('GET', '/api/logger/available_objects', { token });
      if (!available.body.items.length) {
        const configs = await s.request('GET', '/api/logger/config', { token, query: { size: 1000 } });
        await s.request('DELETE', '/api/logger/config', {
          token,
          query: { id: configs.body.items.map((c: Body) => c.id) },
        });
      }
      const [{ id: object }] = available.body.items.length
        ? available.body.items
        : (await s.request('GET', '/api/logger/available_objects', { token })).body.items;
      const config = await post(s, token, '/api/logger/config', { object, enabled: true, daysToStore: 30 });
      const domainId = await domainOf(s, token);
      const rows = (['create', 'update', 'delete'] as const).map((action) => ({
        domainId,
        object,
        action,
        userId: null,
        userIp: `10.1.0.${scramble(++seeded) % 250}`,
        recordId: scramble(seeded),
        date: instant(seeded),
        newState: { note: 'seeded' },
      }));
      // A sign-in of the same object name is not a change: the config's log leaves it out.
      await s.ctx.db.insert(loggerEntries).values([...rows, { ...rows[0], action: 'login', date: instant(++seeded) }]);
      return config.id;
    },
    searchValue: () => '',
    invalid: [],
  },
  loggerConfigExports: {
    parent: async (s, token) => {
      const available = await s.request('GET', '/api/logger/available_objects', { token });
      if (!available.body.items.length) {
        const configs = await s.request('GET', '/api/logger/config', { token, query: { size: 1000 } });
        await s.request('DELETE', '/api/logger/config', {
          token,
          query: { id: configs.body.items.map((c: Body) => c.id) },
        });
      }
      const [{ id: object }] = available.body.items.length
        ? available.body.items
        : (await s.request('GET', '/api/logger/available_objects', { token })).body.items;
      const profile = await post(s, token, '/api/storage/backend_profiles', {
        name: unique('exports '),
        type: 'local',
        properties: { directory: unique('switchboard-fixture-') },
      });
      const config = await post(s, token, '/api/logger/config', { object, storage: { id: profile.id } });
      const domainId = await domainOf(s, token);
      // Rows as the log-exports job writes them (the files are not read here).
      await s.ctx.db.insert(loggerExports).values(
        [0, 1, 2].map(() => {
          const start = instant(++seeded);
          return {
            domainId,
            configId: config.id,
            periodStart: start,
            periodEnd: new Date(Date.parse(start) + 7 * 24 * HOUR).toISOString(),
            storageProfileId: profile.id,
            storageKey: `fixture/changelog-${object}-${seeded}.jsonl`,
            size: 100 + scramble(seeded),
            count: 1 + (scramble(seeded) % 50),
            createdAt: instant(++seeded),
          };
        }),
      );
      return config.id;
    },
    searchValue: () => '',
    invalid: [],
  },
  deviceHistory: {
    parent: async (s, token) => {
      const device = await post(s, token, '/api/devices', {
        name: unique('desk'),
        account: unique('hd'),
        password: 'Sip-secret-1',
      });
      const user = await newUser(s, token);
      const domainId = await domainOf(s, token);
      await s.ctx.db.insert(deviceUserAudit).values(
        [0, 1, 2].map((i) => {
          const at = instant(++seeded);
          return {
            domainId,
            deviceId: device.id,
            userId: user.id,
            userName: user.name as string,
            loggedInAt: at,
            loggedOutAt: i === 2 ? null : new Date(Date.parse(at) + (i + 1) * 60_000).toISOString(),
          };
        }),
      );
      return device.id;
    },
    searchValue: (item) => (item.user as { name: string }).name,
    invalid: [],
  },
  license_users: {
    parent: async (s, token) => {
      const license = await seedLicense(s, { domainId: await domainOf(s, token), limit: 10 });
      for (let i = 0; i < 3; i++) await newUser(s, token, { license: [license] });
      // A user without the seat is not one of its users.
      await newUser(s, token);
      return license;
    },
    searchValue: (item) => item.username as string,
    invalid: [],
  },
  flowVersions: {
    parent: async (s, token) => {
      const flow = await post(s, token, '/api/routing/schema', {
        name: unique('versioned'),
        type: 'voice',
        schema: [{ answer: {} }],
      });
      // Each save that changes the schema keeps the one it replaces.
      for (const schema of [[{ hangup: {} }], [{ answer: {} }, { hangup: {} }], [], [{ playback: { files: [] } }]]) {
        const res = await s.request('PATCH', `/api/routing/schema/${flow.id}`, { token, body: { schema } });
        if (res.status !== 200) throw new Error(`flow save: ${res.status} ${JSON.stringify(res.body)}`);
      }
      // Saves number their versions in the order they happen: three more rows, written straight
      // into the table with numbers and times unlike their order, so that a sort by version or
      // by time that followed the rows' order instead would be seen.
      const domainId = await domainOf(s, token);
      await s.ctx.db.insert(flowVersions).values(
        [
          [107, '2020-03-01T00:00:00.000Z'],
          [103, '2020-01-01T00:00:00.000Z'],
          [105, '2020-02-01T00:00:00.000Z'],
        ].map(([version, savedAt]) => ({
          domainId,
          flowId: flow.id,
          version: version as number,
          schema: [{ answer: {} }],
          savedAt: savedAt as string,
        })),
      );
      return flow.id;
    },
    searchValue: () => '',
    invalid: [],
  },
};
