import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../src/auth/authenticate.js';
import type { Principal } from '../src/core/principal.js';
import type { Db } from '../src/db/client.js';
import { usersResource } from '../src/resources/directory/users/users.js';
import { parseListQuery } from '../src/resources/engine/list-query.js';
import { listItems } from '../src/resources/engine/ops.js';
import { domainIdOf } from './fixtures.js';
import { drivers, startTestServer, type TestServer } from './harness.js';

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * The database's own collation (C.UTF-8 on Debian's clusters) cannot serve `LIKE 'abc%'` from a
 * plain btree index; the search columns carry `lower(col) text_pattern_ops` indexes instead. This
 * asks the planner, on a table large enough for an index to pay, how the users list's prefix
 * search runs: through those indexes, not a scan of every row.
 */
describe.each(drivers())('prefix search uses the search indexes (%s)', (driver) => {
  let server: TestServer;
  let principal: Principal;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    const domainId = await domainIdOf(server.ctx);
    const client = (server.ctx.db as unknown as { $client: RawClient }).$client;
    await client.query(
      `insert into users (domain_id, name, username, password_hash, extension, email)
       select $1, 'Person ' || g, 'user' || g, 'x', (1000 + g)::text, 'user' || g || '@example.com'
       from generate_series(1, 20000) g`,
      [domainId],
    );
    await client.query('analyze users');
    const found = await authenticate(server.ctx, server.adminToken);
    if (!found) throw new Error('the admin token did not authenticate');
    principal = found;
  });

  afterAll(() => server?.close());

  async function planOf(query: Record<string, string>): Promise<string> {
    const client = (server.ctx.db as unknown as { $client: RawClient }).$client;
    const explaining = {
      $client: { query: (text: string, params: unknown[]) => client.query(`explain ${text}`, params) },
    };
    const lq = parseListQuery(usersResource.compiled.listSpec, { size: '1000', ...query });
    if ('message' in lq) throw new Error(String(lq.message));
    const { items } = await listItems(explaining as unknown as Db, usersResource.compiled, principal, lq);
    return items.map((row) => String(row['QUERY PLAN'])).join('\n');
  }

  it('answers a prefix search from the lower(col) text_pattern_ops indexes', async () => {
    const plan = await planOf({ q: 'user1999*' });
    expect(plan).toMatch(/users_username_search/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('reads a page in name order from the name sort index, not by sorting every row', async () => {
    const plan = await planOf({ sort: '+name', size: '10' });
    expect(plan).toMatch(/users_name_sort/);
    expect(plan).not.toMatch(/Seq Scan on users/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  // The ICU root collation: letters in alphabet order whatever their case or code point (ґ among
  // the г words, not after я as in byte order); language-specific tailoring is not applied.
  it('sorts names case-insensitively and by alphabet, Cyrillic and Ukrainian letters included', async () => {
    const names = ['zz Ux Supervisor', 'ZZ admin', 'zz Бета', 'ZZ альфа', 'zz ґудзик', 'zz гора', 'ZZ дім', 'zz 2'];
    for (const name of names) {
      const res = await server.request('POST', '/api/roles', { token: server.adminToken, body: { name } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const list = async (sort: string) =>
      (
        await server.request('GET', '/api/roles', {
          token: server.adminToken,
          query: { q: 'zz*', sort, size: 100 },
        })
      ).body.items.map((r: { name: string }) => r.name);
    const expected = ['zz 2', 'ZZ admin', 'zz Ux Supervisor', 'ZZ альфа', 'zz Бета', 'zz гора', 'zz ґудзик', 'ZZ дім'];
    expect(await list('+name')).toEqual(expected);
    expect(await list('-name')).toEqual([...expected].reverse());
  });

  it('finds the same rows the plan promises', async () => {
    const lq = parseListQuery(usersResource.compiled.listSpec, { q: 'USER1999*', size: '100' });
    if ('message' in lq) throw new Error(String(lq.message));
    const { items } = await listItems(server.ctx.db, usersResource.compiled, principal, lq);
    expect(items.map((u) => u.username).sort()).toEqual(
      ['user1999', ...Array.from({ length: 10 }, (_, i) => `user1999${i}`)].sort(),
    );
  });
});
