import { STORAGE_SECRET_KEYS, storageProfiles as storageProfilesDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError } from '../../../core/errors.js';
import { storageProfiles } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';

const SECRET_ARRAY = `array[${STORAGE_SECRET_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`;

/**
 * Storage profiles at /api/storage/backend_profiles (class storage_profile, record ACL). The type
 * is the variant: the engine checks its properties on the record as it will be stored and fills
 * its defaults on create. Secret properties are never answered; `secretsSet` names those set.
 */
export const storageProfilesResource = defineServerResource(storageProfilesDef, {
  table: storageProfiles,
  unique: { storage_profiles_domain_name: 'name' },
  fields: {
    properties: { select: `(t.properties - ${SECRET_ARRAY})` },
    secretsSet: {
      select: `coalesce((select jsonb_agg(k order by k) from jsonb_each_text(t.properties) as s(k, v)
        where k = any(${SECRET_ARRAY}) and v <> ''), '[]'::jsonb)`,
    },
  },
  // Files stored through a profile are read back through it: it stays while it holds any.
  beforeDelete: async (item, _ctx, tx) => {
    const [held] = await queryRows<{ count: number }>(
      tx,
      sql`select (select count(*)::int from media_files where storage_profile_id = ${item.id as number})
        + (select count(*)::int from logger_exports where storage_profile_id = ${item.id as number}) as count`,
    );
    if (held && held.count > 0) {
      throw keyedError(409, 'app.storageProfiles.in_use', 'storageInUse', {
        name: item.name as string,
        count: held.count,
      });
    }
  },
  beforeWrite: async (body, ctx, tx) => {
    // Secrets are never answered, so a client sends them back empty: those keep the stored value.
    if (ctx.old && body.properties && tx) {
      const [stored] = await queryRows<{ properties: Record<string, string> }>(
        tx,
        sql`select properties from storage_profiles where id = ${ctx.old.id as number}`,
      );
      const sent = body.properties as Record<string, string>;
      for (const key of STORAGE_SECRET_KEYS) {
        if (!sent[key] && stored?.properties[key]) sent[key] = stored.properties[key];
      }
    }
  },
});
