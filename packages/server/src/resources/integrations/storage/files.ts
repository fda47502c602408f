import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/sql.js';
import {
  type ByteRange,
  backendOf,
  folderOf,
  type StorageEnv,
  type StorageProfileRow,
  storageFailure,
} from './backends.js';

const GIB = 1024 ** 3;

/** Where one file was put: the profile and the key its backend keeps it under. */
export type Placement = { profile: StorageProfileRow; key: string };

const PROFILE_COLUMNS = sql`id, domain_id as "domainId", name, type, max_size as "maxSize", priority, properties`;

/**
 * The profile new files of the domain go to: its enabled profile of highest priority, of any type
 * (the older one on a tie); null means the local data folder.
 */
export async function chooseProfile(db: Db, domainId: number): Promise<StorageProfileRow | null> {
  const [row] = await queryRows<StorageProfileRow>(
    db,
    sql`select ${PROFILE_COLUMNS} from storage_profiles
      where domain_id = ${domainId} and not disabled
      order by priority desc, id limit 1`,
  );
  return row ?? null;
}

/** A profile of the domain by id, disabled or not (files stored there stay readable). */
export async function profileById(db: Db, domainId: number, id: number): Promise<StorageProfileRow | null> {
  const [row] = await queryRows<StorageProfileRow>(
    db,
    sql`select ${PROFILE_COLUMNS} from storage_profiles where id = ${id} and domain_id = ${domainId}`,
  );
  return row ?? null;
}

/** Refuses a file that would take the profile's stored files (media, log exports) past its maxSize (GB). */
export async function ensureRoom(db: Db, profile: StorageProfileRow, size: number, field: string): Promise<void> {
  const [used] = await queryRows<{ bytes: string | number }>(
    db,
    sql`select (select coalesce(sum(size), 0)::bigint from media_files where storage_profile_id = ${profile.id})
      + (select coalesce(sum(size), 0)::bigint from logger_exports where storage_profile_id = ${profile.id}) as bytes`,
  );
  if (Number(used?.bytes ?? 0) + size > profile.maxSize * GIB) {
    const params = { name: profile.name, max: profile.maxSize };
    throw keyedError(413, 'app.storage.full', 'storageFull', params, [keyedField(field, 'storageFull', params)]);
  }
}

/**
 * Puts a finished local file on the domain's chosen profile, under the profile's folder for today
 * and a fresh name; null where the domain has no profile (the caller keeps it locally).
 */
export async function placeFile(
  db: Db,
  env: StorageEnv,
  domain: { id: number; name: string },
  file: string,
  meta: { size: number; contentType: string; ext: string; field: string },
): Promise<Placement | null> {
  const profile = await chooseProfile(db, domain.id);
  if (!profile) return null;
  await ensureRoom(db, profile, meta.size, meta.field);
  const folder = folderOf(profile, domain.name);
  const key = `${folder ? `${folder}/` : ''}${randomUUID()}.${meta.ext}`;
  try {
    return { profile, key: await backendOf(profile, env).put(key, file, meta.size, meta.contentType) };
  } catch (error) {
    // The whole error rides along as the cause: the error handler logs it with the 502.
    throw Object.assign(
      keyedError(502, 'app.storage.unreachable', 'storageUnreachable', { name: profile.name, reason: reasonOf(error) }),
      { cause: error },
    );
  }
}

/**
 * A failure in a few words: a local or S3 profile's by its kind only (its endpoint is the domain's
 * choice), an operator's provider's in its own code and message.
 */
function reasonOf(error: unknown): string {
  const failure = storageFailure(error);
  if (failure) return failure.detail;
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return [typeof code === 'string' ? code : '', error.message].filter(Boolean).join(': ') || error.name;
}

/** The bytes of a stored file, whole or a range. */
export function readPlaced(env: StorageEnv, placement: Placement, range?: ByteRange): Promise<Readable> {
  return backendOf(placement.profile, env).get(placement.key, range);
}

/** Removes a stored file; a failure is reported, never thrown (the record is gone already). */
export async function removePlaced(
  env: StorageEnv,
  placement: Placement,
  log: (error: unknown) => void,
): Promise<void> {
  try {
    await backendOf(placement.profile, env).remove(placement.key);
  } catch (error) {
    log(error);
  }
}
