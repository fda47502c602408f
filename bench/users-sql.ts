import type { ScopeEntry } from '@switchboard/model';
import type { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Principal } from '../packages/server/src/core/principal.js';
import type { Db } from '../packages/server/src/db/client.js';
import { usersResource } from '../packages/server/src/resources/directory/users/users.js';
// Every served resource, so the users' references resolve.
import '../packages/server/src/resources/index.js';
import { parseListQuery } from '../packages/server/src/resources/engine/list-query.js';
import { listItems } from '../packages/server/src/resources/engine/ops.js';
import { api } from './server-process.js';

export type BoundSql = { text: string; params: unknown[] };

/**
 * The SQL the users list runs for `query`, captured from the server's own list code so the bare
 * route executes exactly the same statement.
 */
export async function usersListSql(principal: Principal, query: Record<string, string>): Promise<BoundSql> {
  let captured: BoundSql | null = null;
  const dialect = new PgDialect();
  const capture = {
    // The list may go straight to the driver's client or through Drizzle: capture either way.
    $client: {
      query: async (text: string, params: unknown[]) => {
        captured = { text, params };
        return { rows: [] };
      },
    },
    execute: async (statement: ReturnType<typeof sql>) => {
      const q = dialect.sqlToQuery(statement);
      captured = { text: q.sql, params: q.params };
      return { rows: [] };
    },
  } as unknown as Db;
  const c = usersResource.compiled;
  const lq = parseListQuery(c.listSpec, query);
  if ('message' in lq) throw new Error(lq.message);
  await listItems(capture, c, principal, lq);
  if (!captured) throw new Error('the users list ran no SQL');
  return captured;
}

/** The bench's admin password, and the users-list page it measures (10 rows of `us*`). */
export const ADMIN_PASSWORD = 'Bench-admin-password-1';
export const LIST_QUERY = { size: '10', q: 'us*' };

/**
 * Signs in as `admin` on the server at `base`, adds `count` users (user001…) and answers the token
 * and the users-list statement as the admin's list runs it.
 */
export async function seedUsers(base: string, count: number): Promise<{ token: string; bound: BoundSql }> {
  const login = await api<{ accessToken: string }>(base, 'POST', '/api/login', null, {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  const token = login.accessToken;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, '0');
    await api(base, 'POST', '/api/users', token, {
      username: `user${n}`,
      name: `User ${n}`,
      password: `Password-${n}-x`,
      extension: `1${n}`,
    });
  }
  const info = await api<{ domainId: number; scope: ScopeEntry[]; roles: { id: number }[]; permissions: string[] }>(
    base,
    'GET',
    '/api/userinfo',
    token,
  );
  const principal = {
    domainId: info.domainId,
    roleIds: info.roles.map((r) => r.id),
    permissions: new Set(info.permissions),
    scope: new Map(info.scope.map((s) => [s.class, s])),
  } as unknown as Principal;
  return { token, bound: await usersListSql(principal, LIST_QUERY) };
}
