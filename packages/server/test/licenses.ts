import { randomUUID } from 'node:crypto';
import type { LicensePayload } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/sql.js';
import { newKeyPair, parsePrivateKey, signLicense } from '../src/licenses/document.js';
import type { TestServer } from './harness.js';

/** One key pair per test run: servers that import licenses are configured with its public key. */
export const LICENSE_KEYS = newKeyPair();
const privateKey = parsePrivateKey(LICENSE_KEYS.privateKey);

const DAY = 86_400_000;

/** A signed license document for `domain`, valid from yesterday for `days` days unless overridden. */
export function issueLicense(overrides: Partial<LicensePayload> & { days?: number } = {}): string {
  const { days = 365, ...rest } = overrides;
  const start = Date.now() - DAY;
  return signLicense(
    {
      serial: `SN-${randomUUID()}`,
      product: 'CALL_CENTER',
      scope: ['cc_agent'],
      limit: 2,
      competitive: false,
      not_before: new Date(start).toISOString(),
      not_after: new Date(start + days * DAY).toISOString(),
      domain: 'main',
      ...rest,
    },
    privateKey,
  );
}

/**
 * Puts a license row straight into the database (for servers without a configured key, or an
 * already expired license, which no import accepts).
 */
export async function seedLicense(
  s: TestServer,
  options: { domainId?: number; product?: string; limit?: number; daysLeft?: number } = {},
): Promise<number> {
  // The server's first domain (not id 1 on a server shared across files: see useTestServer).
  const { domainId = s.domainId, product = 'CALL_CENTER', limit = 2, daysLeft = 100 } = options;
  const [row] = await queryRows<{ id: number }>(
    s.ctx.db,
    sql`insert into licenses (domain_id, serial, product, scope, seat_limit, not_before, not_after, domain, certificate)
        values (${domainId}, ${`SEED-${randomUUID()}`}, ${product}, '{}', ${limit}, now() - interval '400 days',
                now() + make_interval(days => ${daysLeft}), (select name from domains where id = ${domainId}), '')
        returning id`,
  );
  return row.id;
}
