import { STORAGE_SECRET_KEYS, storageProfiles as storageProfilesDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError } from '../../../core/errors.js';
import { storageProfiles } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import { keepStoredSecrets, secretFields } from '../../engine/secret-settings.js';

/**
 * Storage profiles at /api/storage/backend_profiles (class storage_profile, record ACL). The type
 * is the variant: the engine checks its properties on the record as it will be stored and fills
 * its defaults on create. Secret properties are never answered; `secretsSet` names those set.
 */
export const storageProfilesResource = defineServerResource(storageProfilesDef, {
  table: storageProfiles,
  unique: { storage_profiles_domain_name: 'name' },
  fields: secretFields('properties', STORAGE_SECRET_KEYS),
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
  beforeWrite: keepStoredSecrets('storage_profiles', 'properties', STORAGE_SECRET_KEYS),
});
