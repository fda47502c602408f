import {
  COGNITIVE_DEFAULT_LOCALE,
  type CognitiveChoice,
  cognitiveProfiles as cognitiveProfilesDef,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { recordFilter } from '../../../access/record-filter.js';
import { classAllows, recordAllows, recordChecksOn } from '../../../access/rights.js';
import { keyedError, keyedField } from '../../../core/errors.js';
import type { SignedInRequest } from '../../../core/signed-in.js';
import type { Db } from '../../../db/client.js';
import { cognitiveProfiles } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import { keepStoredSecrets } from '../../engine/secret-settings.js';
import type { CognitiveProfileRow } from './providers.js';

/**
 * Cognitive profiles at /api/storage/cognitive_profiles (class cognitive_profile, record ACL).
 * The provider is the variant: the engine checks its properties on the record as it will be
 * stored. The key is never answered (`keySet` says whether one is stored); a write without it
 * keeps the stored one. One default per service and domain: making one the default clears the
 * other in the same transaction.
 */
export const cognitiveProfilesResource = defineServerResource(cognitiveProfilesDef, {
  table: cognitiveProfiles,
  unique: { cognitive_profiles_domain_name: 'name', cognitive_profiles_domain_default: 'default' },
  fields: {
    properties: { select: `(t.properties - 'key')` },
    keySet: { select: `coalesce(t.properties->>'key', '') <> ''` },
  },
  // The key is never answered, so a client sends it back empty: that keeps the stored one.
  beforeWrite: keepStoredSecrets('cognitive_profiles', 'properties', ['key']),
  beforeRow: async (tx, _row, body, ctx) => {
    const isDefault = (body.default ?? ctx.old?.default) === true;
    if (!isDefault) return;
    const service = (body.service ?? ctx.old?.service) as string;
    const self = (ctx.old?.id as number | undefined) ?? 0;
    await tx.execute(
      sql`update cognitive_profiles set is_default = false, updated_at = now()
        where domain_id = ${ctx.principal.domainId} and service = ${service} and is_default and id <> ${self}`,
    );
  },
});

const notFound = () =>
  keyedError(404, 'app.cognitiveProfiles.not_found', 'notFound', { resource: 'cognitive profile' });

/**
 * The profile a media call names, with its key: readable by the caller (class and record right),
 * enabled, and of the service asked for; otherwise a 403, 404 or 400 naming the field `profile`.
 */
export async function usableProfile(
  request: SignedInRequest,
  id: number,
  service: 'tts' | 'stt',
): Promise<CognitiveProfileRow> {
  const principal = request.principal;
  const { db } = request.server.ctx;
  if (!classAllows(principal, 'cognitive_profile', 'r')) {
    throw keyedError(403, 'app.auth.forbidden', 'classRight', { right: 'r', resource: 'cognitive_profile' });
  }
  const [row] = await queryRows<CognitiveProfileRow>(
    db,
    sql`select id, name, provider, service, enabled, properties from cognitive_profiles
      where id = ${id} and domain_id = ${principal.domainId}`,
  );
  if (!row) throw notFound();
  if (recordChecksOn(principal, 'cognitive_profile')) {
    if (!(await recordAllows(request.server.ctx, principal, 'cognitive_profile', id, 'r'))) {
      throw keyedError(403, 'app.auth.forbidden', 'recordRight', { right: 'r', resource: 'cognitive_profile' });
    }
  }
  if (!row.enabled) {
    const p = { name: row.name };
    throw keyedError(400, 'app.cognitiveProfiles.disabled', 'cognitiveDisabled', p, [
      keyedField('profile', 'cognitiveDisabled', p),
    ]);
  }
  if (row.service !== service) {
    const key = service === 'tts' ? 'cognitiveNotTts' : 'cognitiveNotStt';
    const p = { name: row.name };
    throw keyedError(400, 'app.cognitiveProfiles.wrong_service', key, p, [keyedField('profile', key, p)]);
  }
  return row;
}

/** The enabled profiles of a service the caller may read, default first, for the media dialogs. */
export async function profileChoices(
  db: Db,
  request: SignedInRequest,
  service: 'tts' | 'stt',
): Promise<CognitiveChoice[]> {
  const principal = request.principal;
  if (!classAllows(principal, 'cognitive_profile', 'r')) return [];
  const readable = recordFilter(principal, 'cognitive_profile', 'r');
  return queryRows<CognitiveChoice>(
    db,
    sql`select t.id, t.name, t.provider, t.is_default as "default",
        coalesce(nullif(t.properties->>'locale', ''), ${COGNITIVE_DEFAULT_LOCALE}) as locale
      from cognitive_profiles t
      where t.domain_id = ${principal.domainId} and t.service = ${service} and t.enabled
        ${readable ? sql`and ${readable}` : sql``}
      order by t.is_default desc, lower(t.name), t.id
      limit 200`,
  );
}
