import { blacklists as blacklistsDef } from '@switchboard/model';
import { blacklists } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';

/** Numbers of the list that still count: without an expiry, or expiring later than now. */
const COUNT_SQL = `(select count(*)::int from blacklist_numbers n
  where n.list_id = t.id and (n.expire_at is null or n.expire_at > now()))`;

export const blacklistsResource = defineServerResource(blacklistsDef, {
  table: blacklists,
  unique: { blacklists_domain_name: 'name' },
  fields: { count: { select: COUNT_SQL, column: COUNT_SQL } },
});
