import { CHANGE_LOG_ACTIONS, loggerConfigLogs, messages, type ResourceDef, userLogs } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parseBody } from '../../../core/route.js';
import { loggerConfig, loggerEntries, users } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { escapeLike } from '../../engine/list-query.js';
import type { ResourceBinding } from '../../engine/types.js';

/** Filters of both log searches; times are epoch milliseconds. */
/** Text the database can compare: no NUL character. */
const text = () =>
  z
    .string()
    .refine((v) => !v.includes('\0'), messages.nulCharacter)
    .optional();
/** Epoch milliseconds within what the database stores (the years 1970 to 9999). */
const time = () =>
  z.coerce
    .number({ error: messages.numeric })
    .int({ error: messages.numeric })
    .min(0, { error: messages.timeRange })
    .max(253_402_300_799_999, { error: messages.timeRange })
    .optional();

export const logFilters = z.object({
  action: text(),
  object: text(),
  userIp: text(),
  user: z.coerce
    .number({ error: messages.numeric })
    .int({ error: messages.idType })
    .positive({ error: messages.idType })
    .max(2_147_483_647, { error: messages.idType })
    .optional(),
  from: time(),
  to: time(),
});

/** The record's name in a state: its name, else what names records without one. */
const nameIn = (state: string) =>
  `coalesce(${state}->>'name', ${state}->>'username', ${state}->>'class', ${state}->>'usage')`;
const RECORD_NAME = `coalesce(${nameIn('t.new_state')}, ${nameIn('t.old_state')})`;

/** Top-level keys whose values differ between the two states (every key of a create or a delete). */
const CHANGED_FIELDS = `(select string_agg(k.key, ', ' order by k.key) from (
    select key from jsonb_each(coalesce(t.new_state, '{}'::jsonb))
    union select key from jsonb_each(coalesce(t.old_state, '{}'::jsonb))) k
  where t.new_state -> k.key is distinct from t.old_state -> k.key)`;

/**
 * `q` over the log: a whole number matches the record id; any term matches the start of the
 * record's name (either state) or of the user's name, ignoring case. `*` marks a prefix (the
 * console adds it); without it the name must match whole.
 */
function logSearch(raw: unknown): SQL | null {
  if (typeof raw !== 'string') return null;
  const prefix = raw.endsWith('*');
  const term = (prefix ? raw.slice(0, -1) : raw).trim();
  if (!term) return null;
  const pattern = prefix ? `${escapeLike(term.toLowerCase())}%` : escapeLike(term.toLowerCase());
  const named = sql`(lower(${sql.raw(RECORD_NAME)}) like ${pattern}
    or exists (select 1 from users u where u.id = t.user_id and lower(u.name) like ${pattern}))`;
  if (!/^\d{1,9}$/.test(term)) return named;
  return sql`(t.record_id = ${Number(term)} or ${named})`;
}

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
      record: { select: RECORD_NAME },
      changedFields: { select: CHANGED_FIELDS },
      before: { select: 't.old_state::text' },
      after: { select: 't.new_state::text' },
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
      const search = logSearch(query.q);
      if (search) where.push(search);
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
