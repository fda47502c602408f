import { sql } from 'drizzle-orm';
import { rolesRights } from '../access/escalation.js';
import { FULL_CLASS_BITS, isEveryRight } from '../access/takedown.js';
import type { Db } from '../db/client.js';
import { roles as rolesTable } from '../db/schema.js';
import { queryRows } from '../db/sql.js';
import { fullRole } from './bootstrap.js';

/**
 * The admin CLI's `restore-admin`: for the day an administrator was taken down anyway (by SQL, by
 * an older version). Re-enables the user and gives it a role holding every right of its domain:
 * the first such role there is, or a new one when none is left (an existing role that was
 * reduced is left as it is, for the administrator to review). Answers null when there is no
 * such user.
 */
export async function restoreAdmin(
  db: Db,
  domain: string,
  username: string,
): Promise<{ role: string; created: boolean } | null> {
  return db.transaction(async (tx) => {
    const [user] = await queryRows<{ id: number; domainId: number }>(
      tx,
      sql`select u.id, u.domain_id as "domainId" from users u join domains d on d.id = u.domain_id
          where d.name = ${domain} and lower(u.username) = lower(${username})`,
    );
    if (!user) return null;
    await tx.execute(sql`update users set state = true, updated_at = now() where id = ${user.id}`);
    const classes = await queryRows<{ id: number; cls: string }>(
      tx,
      sql`select id, class as cls from objclass where domain_id = ${user.domainId} order by id`,
    );
    const roles = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from roles where domain_id = ${user.domainId} order by id`,
    );
    const names = classes.map((c) => c.cls);
    let role: { id: number; name: string } | null = null;
    for (const r of roles) {
      if (isEveryRight(await rolesRights(tx, user.domainId, [r.id]), names)) {
        role = r;
        break;
      }
    }
    const created = !role;
    if (!role) {
      const taken = new Set(roles.map((r) => r.name.toLowerCase()));
      let name = 'admin';
      for (let n = 1; taken.has(name); n++) name = n === 1 ? 'admin-restored' : `admin-restored-${n}`;
      const [row] = await tx
        .insert(rolesTable)
        .values(fullRole(user.domainId, name, 'Administrator restored from the command line: every right'))
        .returning({ id: rolesTable.id });
      for (const c of classes) {
        await tx.execute(
          sql`insert into class_grants (objclass_id, role_id, access) values (${c.id}, ${row.id}, ${FULL_CLASS_BITS})`,
        );
      }
      role = { id: row.id, name };
    }
    await tx.execute(sql`insert into user_roles (user_id, role_id) select ${user.id}, ${role.id}
        where not exists (select 1 from user_roles where user_id = ${user.id} and role_id = ${role.id})`);
    return { role: role.name, created };
  });
}
