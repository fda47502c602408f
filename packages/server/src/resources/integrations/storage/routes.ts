import { storageProfiles, storageTestResult } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { keyedError } from '../../../core/errors.js';
import { doc, idParamDoc, paramId, sentBody } from '../../../core/route.js';
import { signedInRoute } from '../../../core/signed-in.js';
import { queryRows } from '../../../db/sql.js';
import { NO_RECORD_PARAM } from '../../engine/define.js';
import { checkVariant, withVariantDefaults } from '../../engine/variants.js';
import { probe, type StorageProfileRow } from './backends.js';

const base = `/api${storageProfiles.path}`;

/** A profile of the domain with its secrets, or null. */
export async function loadProfile(
  db: Parameters<typeof queryRows>[0],
  domainId: number,
  id: number,
): Promise<StorageProfileRow | null> {
  const [row] = await queryRows<StorageProfileRow>(
    db,
    sql`select id, domain_id as "domainId", name, type, max_size as "maxSize", priority, properties
      from storage_profiles where id = ${id} and domain_id = ${domainId}`,
  );
  return row ?? null;
}

/**
 * "Test connection": a probe object is written, read back and deleted. A saved profile is tested
 * with its stored settings, guarded as an edit of it (it uses its secrets and writes through it);
 * a profile not saved yet with the settings sent, guarded as a create.
 */
export function registerStorageRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'POST',
    url: `${base}/:id/test`,
    config: { guard: { class: 'storage_profile', right: 'w', recordParam: 'id' }, resource: 'storageProfiles' },
    schema: doc('storageProfiles', 'Writes, reads and deletes a probe object through the profile', {
      params: idParamDoc,
      response: { 200: storageTestResult },
    }),
    handler: async (request) => {
      const id = paramId(request, 'storageProfiles');
      const profile = await loadProfile(request.server.ctx.db, request.principal.domainId, id);
      if (!profile) throw keyedError(404, 'app.storageProfiles.not_found', 'notFound', { resource: 'storage profile' });
      return probe(profile, request.server.ctx.config, request.log);
    },
  });

  // A profile not saved yet (the editor's values), checked as a create would check it.
  signedInRoute(app, {
    method: 'POST',
    url: `${base}/test`,
    config: {
      guard: { class: 'storage_profile', right: 'x', recordParam: NO_RECORD_PARAM },
      resource: 'storageProfiles',
    },
    schema: doc('storageProfiles', 'Tests the settings of a profile not saved yet, as a create would take them', {
      body: storageProfiles.input,
      response: { 200: storageTestResult },
    }),
    handler: async (request) => {
      const parsed = request.body as Record<string, unknown>;
      const body = withVariantDefaults(storageProfiles, sentBody(parsed), parsed);
      checkVariant(storageProfiles, body, null);
      const profile = body as Pick<StorageProfileRow, 'type' | 'properties'>;
      return probe({ ...profile, domainId: request.principal.domainId }, request.server.ctx.config, request.log);
    },
  });
}
