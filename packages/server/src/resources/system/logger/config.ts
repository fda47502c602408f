import { loggerConfig as loggerConfigDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { loggerConfig } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import type { Placement } from '../../integrations/storage/files.js';
import { profileById, removePlaced } from '../../integrations/storage/files.js';

/** The files of the exports of configs being deleted (their rows go with the config). */
const deletedExports = new WeakMap<Record<string, unknown>, Placement[]>();

/**
 * Change-log configuration per loggable object of the domain (system settings). `storage` is a
 * reference to a storage profile of the domain (column storage_id, cleared when it is deleted).
 * Deleting a config deletes its exports: their files are removed once the delete commits.
 */
export const loggerConfigResource = defineServerResource(loggerConfigDef, {
  table: loggerConfig,
  permission: 'systemSetting',
  unique: { logger_config_domain_object: 'object' },
  beforeDelete: async (item, ctx, tx) => {
    const rows = await queryRows<{ profileId: number; key: string }>(
      tx,
      sql`select storage_profile_id as "profileId", storage_key as key from logger_exports
        where config_id = ${item.id as number}`,
    );
    const placements: Placement[] = [];
    for (const row of rows) {
      const profile = await profileById(tx, ctx.principal.domainId, row.profileId);
      if (profile) placements.push({ profile, key: row.key });
    }
    deletedExports.set(item, placements);
  },
  afterDeleteCommit: async (items, ctx) => {
    for (const item of items) {
      for (const placement of deletedExports.get(item) ?? []) {
        await removePlaced(ctx.app.config, placement, (err) =>
          ctx.request.log.warn({ err }, 'a change-log export file was not removed'),
        );
      }
    }
  },
});
