// Tables of the media area; see schema.ts for the conventions.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { nameIndexes, timestamptz } from './schema-helpers.js';
import { storageProfiles } from './schema-storage.js';

/**
 * Audio files of a domain. The bytes live on the storage profile that took them, under
 * `storage_key`; without a profile on disk as `<MEDIA_DIR>/<domainId>/<id>.<ext>`.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by'),
    /** A profile holding files cannot be deleted: its files would become unreachable. */
    storageProfileId: integer('storage_profile_id').references(() => storageProfiles.id, { onDelete: 'restrict' }),
    storageKey: text('storage_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    ...nameIndexes('media_files', t),
    index('media_files_domain_created').on(t.domainId, t.createdAt),
    index('media_files_domain_name').on(t.domainId, t.name),
    index('media_files_storage_profile').on(t.storageProfileId),
  ],
);
