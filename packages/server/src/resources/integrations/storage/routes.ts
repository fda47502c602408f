import { storageProfiles, storageTestResult } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { keyedError } from '../../../http/errors.js';
import { doc, idParamDoc, parseId, routeCompilers } from '../../engine/http.js';
import { queryRows } from '../../engine/sql.js';
import { probe, type StorageProfileRow, StorageUnsupported } from './backends.js';

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
 * "Test connection" of a saved profile: a probe object is written, read back and deleted with the
 * stored settings. Guarded as an edit of the profile (it uses its secrets and writes through it).
 */
export function registerStorageRoutes(app: FastifyInstance) {
  app.route({
    method: 'POST',
    url: `${base}/:id/test`,
    config: { guard: { class: 'storage_profile', right: 'w', recordParam: 'id' } },
    schema: doc('storageProfiles', 'Writes, reads and deletes a probe object through the profile', {
      params: idParamDoc,
      response: { 200: storageTestResult },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const id = parseId('storageProfiles', (request.params as { id: string }).id);
      const profile = await loadProfile(request.server.ctx.db, request.principal!.domainId, id);
      if (!profile) throw keyedError(404, 'app.storageProfiles.not_found', 'notFound', { resource: 'storage profile' });
      try {
        return await probe(profile);
      } catch (error) {
        if (!(error instanceof StorageUnsupported)) throw error;
        throw keyedError(400, 'app.storageProfiles.test_unsupported', 'storageTestUnsupported', { type: error.type });
      }
    },
  });
}
