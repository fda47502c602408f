import { TEST_ADMIN_PASSWORD, type TestServer } from '../harness.js';

let seq = 0;
/**
 * `n` steps through 0…10006 in an order unlike counting, so that values made one after another
 * are not also in sort order (a sort test must not pass because ids and values rise together):
 * odd `n` land in the upper half, even ones in the lower, so that values of consecutive `n` go up
 * and down by turns; within a half they are scattered.
 */
export const scramble = (n: number) => (n % 2) * 5004 + ((n * 3089) % 5003);
const turns = new Map<string, number>();
/**
 * A name no other call of this run has. Calls with the same prefix take turns between a low
 * (`a`) and a high (`m`) letter after it, so that no three names made one after another are in
 * sort order either way: a sort that ignored the name would be seen.
 */
export const unique = (prefix: string) => {
  seq++;
  const turn = turns.get(prefix) ?? 0;
  turns.set(prefix, turn + 1);
  return `${prefix}${turn % 2 ? 'm' : 'a'}${scramble(seq).toString(36).padStart(3, '0')}${Date.now().toString(36)}${seq}`;
};

export type Actor = { userId: number; roleId: number; token: string; username: string };

/** Object class ids of the caller's domain, by class. */
export async function classIds(s: TestServer, token: string): Promise<Record<string, number>> {
  const res = await s.request('GET', '/api/objclass', { token, query: { size: 1000 } });
  if (res.status !== 200) throw new Error(`objclass list: ${res.status}`);
  return Object.fromEntries((res.body.items as { id: number; class: string }[]).map((c) => [c.class, c.id]));
}

export async function setRbac(s: TestServer, token: string, cls: string, rbac: boolean) {
  const ids = await classIds(s, token);
  const res = await s.request('PATCH', `/api/objclass/${ids[cls]}`, { token, body: { rbac } });
  if (res.status !== 200) throw new Error(`objclass patch: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * A user holding one new role with the given class grants (`{users: 'rxw'}`) and global
 * permissions, signed in. `adminToken` acts in the domain `domain`.
 */
export async function makeActor(
  s: TestServer,
  adminToken: string,
  options: { grants?: Record<string, string>; permissions?: string[]; domain?: string } = {},
): Promise<Actor> {
  const role = await s.request('POST', '/api/roles', {
    token: adminToken,
    body: { name: unique('role'), permissions: options.permissions ?? [] },
  });
  if (role.status !== 201) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`);
  const ids = await classIds(s, adminToken);
  for (const [cls, grants] of Object.entries(options.grants ?? {})) {
    const res = await s.request('PATCH', `/api/objclass/${ids[cls]}/acl`, {
      token: adminToken,
      body: [{ grantee: { id: role.body.id }, grants }],
    });
    if (res.status !== 200) throw new Error(`grants: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const username = unique('actor');
  const user = await s.request('POST', '/api/users', {
    token: adminToken,
    body: { username, password: TEST_ADMIN_PASSWORD, roles: [{ id: role.body.id }] },
  });
  if (user.status !== 201) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  const token = await s.login(username, TEST_ADMIN_PASSWORD, options.domain ?? 'main');
  return { userId: user.body.id, roleId: role.body.id, token, username };
}
