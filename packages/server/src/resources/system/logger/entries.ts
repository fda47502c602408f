import { CHANGE_LOG_ACTIONS, loggerConfigLogs, type ResourceDef, userLogs } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loggerConfig, loggerEntries, users } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { parseBody } from '../../engine/http.js';
import type { ResourceBinding } from '../../engine/types.js';

/** Filters of both log searches; times are epoch milliseconds. */
export const logFilters = z.object({
  action: z.string().optional(),
  object: z.string().optional(),
  userIp: z.string().optional(),
  user: z.coerce.number({ error: 'Should be numeric' }).int().positive().optional(),
  from: z.coerce.number({ error: 'Should be numeric' }).int().optional(),
  to: z.coerce.number({ error: 'Should be numeric' }).int().optional(),
});

/** Change-log and sign-in entries as a resource's binding: the fields, the filters, and where they hang. */
function logBinding(def: ResourceDef, parentLink: ResourceBinding['parentLink']): ResourceBinding {
  return {
    table: loggerEntries,
    parentLink,
    fields: {
      id: { select: 't.id::float8', column: 't.id' },
      user: {
        select: `(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = t.user_id)`,
        column: 't.user_id',
      },
    },
    filtersDoc: logFilters,
    listFilters: (query) => {
      const { action, object, userIp, user, from, to } = query;
      const f = parseBody(def.name, logFilters, { action, object, userIp, user, from, to });
      const where: SQL[] = [];
      if (f.action) where.push(sql`t.action = ${f.action}`);
      if (f.object) where.push(sql`t.object = ${f.object}`);
      if (f.userIp) where.push(sql`t.user_ip = ${f.userIp}`);
      if (f.user) where.push(sql`t.user_id = ${f.user}`);
      if (f.from !== undefined) where.push(sql`t.date >= to_timestamp(${f.from}::float8 / 1000)`);
      if (f.to !== undefined) where.push(sql`t.date <= to_timestamp(${f.to}::float8 / 1000)`);
      return where;
    },
  };
}

/** What a user did (`/logger/user/{userId}/logs`): the entries it made, kept after it is deleted. */
export const userLogsResource = defineServerResource(
  userLogs,
  // Entries outlive their user, so the column has no foreign key to name the parent table.
  logBinding(userLogs, { column: loggerEntries.userId, table: users }),
);

/** The create, update and delete entries of a config's object (`/logger/config/{id}/logs`). */
export const loggerConfigLogsResource = defineServerResource(
  loggerConfigLogs,
  logBinding(loggerConfigLogs, {
    table: loggerConfig,
    where: (configId) =>
      sql`t.object = (select c.object from logger_config c where c.id = ${configId}) and t.action in ${[...CHANGE_LOG_ACTIONS]}`,
  }),
);
