import type { KeyObject } from 'node:crypto';
import {
  type ErrorKey,
  type ErrorParams,
  LICENSE_EXPIRY_FILTERS,
  type LicenseExpiryFilter,
  licenseImport,
  licenses as licensesDef,
  licenseUsers as licenseUsersDef,
} from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseStrongerUser } from '../../access/escalation.js';
import { invalidateAuth } from '../../auth/cache.js';
import { revokeSessions } from '../../auth/tokens.js';
import { keyedError, keyedField } from '../../core/errors.js';
import { idParamDoc, listAnswerDoc, listQueryDoc, paramId, validationError } from '../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { licenses, users } from '../../db/schema.js';
import { isoSql, queryRows } from '../../db/sql.js';
import { LicenseDocumentError, parsePublicKey, verifyLicense } from '../../licenses/document.js';
import { compile } from '../engine/compile.js';
import { defineServerResource } from '../engine/define.js';
import { isQueryError, parseListQuery, queryError } from '../engine/list-query.js';
import { listItems, readItem } from '../engine/ops.js';
import { recordOf } from '../engine/record-of.js';

const USED_SQL = '(select count(*)::int from user_licenses ul where ul.license_id = t.id)';
const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

export const licensesCompiled = compile(licensesDef, {
  table: licenses,
  recordClass: null,
  fields: {
    scope: { select: 'to_json(t.scope)' },
    used: { select: USED_SQL },
    remain: { select: `(t.seat_limit - ${USED_SQL})` },
    notBefore: { select: isoSql('t.not_before'), column: 't.not_before' },
    notAfter: { select: isoSql('t.not_after'), column: 't.not_after' },
    validFrom: { select: epochMs('t.not_before'), column: 't.not_before' },
    validTill: { select: epochMs('t.not_after'), column: 't.not_after' },
  },
});

/** The user's licenses as users and /userinfo answer them: `[{id, prod}]`, by product. */
export const USER_LICENSES_SQL = (userColumn: string) =>
  `coalesce((select json_agg(json_build_object('id', l.id, 'prod', l.product) order by l.product, l.id)
  from user_licenses ul join licenses l on l.id = ul.license_id where ul.user_id = ${userColumn}), '[]'::json)`;

export async function userLicenseRefs(db: Db, userId: number): Promise<{ id: number; prod: string }[]> {
  const [row] = await queryRows<{ license: { id: number; prod: string }[] }>(
    db,
    sql`select ${sql.raw(USER_LICENSES_SQL(`${Number(userId)}`))} as license`,
  );
  return row?.license ?? [];
}

/** `expiry=expired` (ended), `30` or `90` (still valid, ending within that many days). */
const expiryMessage = `expiry must be one of ${LICENSE_EXPIRY_FILTERS.join(', ')}`;
/** The expiry filter as the list takes it: one of the filters, or empty for none. */
const expiryQuery = z.enum([...LICENSE_EXPIRY_FILTERS, ''], { error: expiryMessage }).optional();

function expiryCondition(raw: unknown): SQL | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return null;
  if (!(LICENSE_EXPIRY_FILTERS as readonly unknown[]).includes(value)) {
    throw queryError('license', {
      field: 'expiry',
      message: expiryMessage,
    });
  }
  const filter = value as LicenseExpiryFilter;
  if (filter === 'expired') return sql`t.not_after <= now()`;
  return sql`t.not_after > now() and t.not_after <= now() + make_interval(days => ${Number(filter)})`;
}

const licenseError = (key: ErrorKey, params: ErrorParams = {}) =>
  keyedError(400, 'app.license.invalid', key, params, [keyedField('certificate', key, params)]);

let keyCache: { text: string; key: KeyObject } | null = null;
function publicKeyOf(text: string): KeyObject {
  if (keyCache?.text !== text) keyCache = { text, key: parsePublicKey(text) };
  return keyCache.key;
}

const SESSIONS_SQL = `(select count(*)::int from auth_tokens a where a.user_id = t.id and a.kind = 'session'
  and a.revoked_at is null and (a.expires_at is null or a.expires_at > now()))`;

/** The users holding one license (`/products/{id}/users`): users of the domain with a seat of it. */
export const licenseUsersResource = defineServerResource(licenseUsersDef, {
  table: users,
  parentLink: {
    table: licenses,
    where: (licenseId) => holds(licenseId),
  },
  fields: {
    domain: { select: '(select d.name from domains d where d.id = t.domain_id)' },
    user: { select: `json_build_object('id', t.id, 'name', t.name)`, column: 't.name' },
    sessions: { select: SESSIONS_SQL },
    license: { select: USER_LICENSES_SQL('t.id') },
  },
});

function holds(licenseId: number) {
  return sql`exists (select 1 from user_licenses ul where ul.user_id = t.id and ul.license_id = ${licenseId})`;
}

/** The license of the path, one of the caller's domain. */
const licenseOf = async (request: SignedInRequest) =>
  (await recordOf(request, { table: 'licenses', name: 'license' })).id;

/**
 * GET /api/license and /api/license/{id} (any signed-in user of the domain: licenses have no
 * access class), PUT /api/customer (import or renew; systemSetting) and
 * POST /api/products/{id}/users/{userId}/logout (manageUserLicense).
 */
export function registerLicenseRoutes(app: FastifyInstance) {
  const c = licensesCompiled;
  const item = licensesDef.item;
  const route = signedInRoutes(app, { tag: 'license', guard: 'authenticated', resource: 'license' });

  route('GET /api/license', 'List the domain licenses (expiry=expired|30|90 filters on the end date)', {
    querystring: listQueryDoc.extend({ expiry: expiryQuery }),
    response: { 200: listAnswerDoc(item) },
    handler: async (request) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(c.listSpec, query);
      if (isQueryError(lq)) throw queryError('license', lq);
      const expiry = expiryCondition(query.expiry);
      return listItems(request.server.ctx.db, c, request.principal, lq, expiry ? [expiry] : []);
    },
  });

  route('GET /api/license/:id', 'Read one license', {
    params: idParamDoc,
    response: { 200: item },
    handler: async (request) => {
      return (await recordOf(request, c)).row;
    },
  });

  route('PUT /api/customer', 'Import a signed license (certificate); the same serial renews the stored one', {
    guard: { permission: 'systemSetting' },
    body: licenseImport,
    response: { 200: z.object({ license: item, renewed: z.boolean() }) },
    handler: async (request) => {
      const { certificate } = request.body;
      const ctx = request.server.ctx;
      const principal = request.principal;
      const keyText = ctx.config.licensePublicKey;
      if (!keyText) {
        throw licenseError('licenseNoKey');
      }
      let payload: ReturnType<typeof verifyLicense>;
      try {
        payload = verifyLicense(certificate, publicKeyOf(keyText));
      } catch (error) {
        if (error instanceof LicenseDocumentError) throw licenseError(error.key, error.params);
        throw error;
      }
      if (payload.domain !== principal.domain) {
        throw licenseError('licenseDomain', { licensed: payload.domain, domain: principal.domain });
      }
      if (Date.parse(payload.not_after) <= Date.now()) {
        throw licenseError('licenseExpired', { date: new Date(payload.not_after).toISOString().slice(0, 10) });
      }
      const values = {
        product: payload.product,
        scope: payload.scope,
        limit: payload.limit,
        competitive: payload.competitive,
        notBefore: new Date(payload.not_before).toISOString(),
        notAfter: new Date(payload.not_after).toISOString(),
        domain: payload.domain,
        certificate: certificate.replace(/\s+/g, ''),
      };
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(licenses)
          .values({ domainId: principal.domainId, serial: payload.serial, ...values })
          .onConflictDoUpdate({
            target: [licenses.domainId, licenses.serial],
            set: { ...values, updatedAt: sql`now()` },
          })
          // xmax is 0 only on a row this statement inserted: anything else was a renewal.
          .returning({ id: licenses.id, inserted: sql<boolean>`(xmax = 0)` });
        const saved = await readItem(tx, c, principal, row.id);
        return { license: saved, renewed: !row.inserted };
      });
    },
  });

  route('POST /api/products/:id/users/:userId/logout', 'End every sign-in session of a user holding the license', {
    guard: { permission: 'manageUserLicense' },
    params: z.object({ id: z.string(), userId: z.string() }),
    response: { 200: z.object({ sessions: z.number() }) },
    handler: async (request) => {
      const licenseId = await licenseOf(request);
      const userId = paramId(request, 'license_users', 'userId');
      const ctx = request.server.ctx;
      const found = await queryRows(
        ctx.db,
        sql`select 1 from users t where t.id = ${userId} and t.domain_id = ${request.principal.domainId} and ${holds(licenseId)}`,
      );
      if (!found.length) {
        throw keyedError(404, 'app.license_users.not_found', 'licenseHolderNotFound');
      }
      await refuseStrongerUser(ctx.db, request.principal, userId, 'strongerUserLogOut');
      const sessions = await revokeSessions(ctx, userId);
      await invalidateAuth(ctx);
      return { sessions };
    },
  });
}

type Locked = { id: number; product: string; seat_limit: number; expired: boolean };

const assignError = (key: ErrorKey, params: ErrorParams) =>
  validationError('users', [keyedField('license', key, params)]);

/**
 * Sets a user's licenses inside the user's write transaction. Every license of the domain asked
 * for is locked (in id order, so two writers cannot deadlock) before its seats are counted: two
 * concurrent assignments of the last seat run one after the other and the second is refused.
 */
export async function assignLicenses(tx: Db, domainId: number, userId: number, wanted: number[]) {
  const ids = [...new Set(wanted)].sort((a, b) => a - b);
  const current = new Set(
    (
      await queryRows<{ license_id: number }>(tx, sql`select license_id from user_licenses where user_id = ${userId}`)
    ).map((r) => r.license_id),
  );
  if (ids.length) {
    const locked = await queryRows<Locked>(
      tx,
      sql`select id, product, seat_limit, (not_after <= now()) as expired from licenses
          where domain_id = ${domainId} and id in ${ids} order by id for update`,
    );
    const known = new Set(locked.map((l) => l.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw assignError('licenseUnknown', { ids: unknown.join(', ') });
    for (const l of locked) {
      if (current.has(l.id)) continue;
      if (l.expired) throw assignError('licenseExpiredSeat', { id: l.id, product: l.product });
      const [{ used }] = await queryRows<{ used: number }>(
        tx,
        sql`select count(*)::int as used from user_licenses where license_id = ${l.id}`,
      );
      if (used >= l.seat_limit) {
        throw assignError('licenseUsedUp', { id: l.id, product: l.product, used, limit: l.seat_limit });
      }
    }
  }
  const keep = new Set(ids);
  const dropped = [...current].filter((id) => !keep.has(id));
  if (dropped.length) {
    await tx.execute(sql`delete from user_licenses where user_id = ${userId} and license_id in ${dropped}`);
  }
  for (const id of ids) {
    if (!current.has(id))
      await tx.execute(sql`insert into user_licenses (user_id, license_id) values (${userId}, ${id})`);
  }
}
