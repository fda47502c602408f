import { storageProfiles, storageTestResult } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { keyedError } from '../../../core/errors.js';
import { idParamDoc, paramId, sentBody } from '../../../core/route.js';
import { signedInRoutes } from '../../../core/signed-in.js';
import type { Db } from '../../../db/client.js';
import { queryRow } from '../../../db/sql.js';
import { NO_RECORD_PARAM } from '../../engine/define.js';
import { checkVariant, withVariantDefaults } from '../../engine/variants.js';
import { probe, type StorageProfileRow } from './backends.js';

const base = `/api${storageProfiles.path}`;

/** A profile of the domain with its secrets, or null. */
export const loadProfile = (db: Db, domainId: number, id: number) =>
  queryRow<StorageProfileRow>(
    db,
    sql`select id, domain_id as "domainId", name, type, max_size as "maxSize", priority, properties
      from storage_profiles where id = ${id} and domain_id = ${domainId}`,
  );

/**
 * "Test connection": a probe object is written, read back and deleted. A saved profile is tested
 * with its stored settings, guarded as an edit of it (it uses its secrets and writes through it);
 * a profile not saved yet with the settings sent, guarded as a create.
 */
export function registerStorageRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'storageProfiles', resource: 'storageProfiles' });

  route(`POST ${base}/:id/test`, 'Writes, reads and deletes a probe object through the profile', {
    guard: { class: 'storage_profile', right: 'w', recordParam: 'id' },
    params: idParamDoc,
    response: { 200: storageTestResult },
    handler: async (request) => {
      const id = paramId(request, 'storageProfiles');
      const profile = await loadProfile(request.server.ctx.db, request.principal.domainId, id);
      if (!profile) throw keyedError(404, 'app.storageProfiles.not_found', 'notFound', { resource: 'storage profile' });
      return probe(profile, request.server.ctx.config, request.log);
    },
  });

  // A profile not saved yet (the editor's values), checked as a create would check it.
  route(`POST ${base}/test`, 'Tests the settings of a profile not saved yet, as a create would take them', {
    guard: { class: 'storage_profile', right: 'x', recordParam: NO_RECORD_PARAM },
    body: storageProfiles.input,
    response: { 200: storageTestResult },
    handler: async (request) => {
      const parsed = request.body as Record<string, unknown>;
      const body = withVariantDefaults(storageProfiles, sentBody(parsed), parsed);
      checkVariant(storageProfiles, body, null);
      const profile = body as Pick<StorageProfileRow, 'type' | 'properties'>;
      return probe({ ...profile, domainId: request.principal.domainId }, request.server.ctx.config, request.log);
    },
  });
}
