import { TEST_ADMIN_PASSWORD, type TestServer } from '../harness.js';

let seq = 0;
/**
 * `n` steps through 0…9999 in an order unlike counting, so that values made one after another
 * are not also in sort order (a sort test must not pass because ids and values rise together).
 */
export const scramble = (n: number) => (n * 7919) % 10007;
/** A name no other call of this run has, not in the order of the calls. */
export const unique = (prefix: string) => {
  seq++;
  return `${prefix}${scramble(seq).toString(36).padStart(3, '0')}${Date.now().toString(36)}${seq}`;
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
