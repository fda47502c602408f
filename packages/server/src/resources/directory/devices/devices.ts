import { createHash, randomInt } from 'node:crypto';
import {
  checkDeviceAccount,
  devices as devicesDef,
  HOTDESK_ACCOUNT_ALPHABET,
  HOTDESK_ACCOUNT_LENGTH,
  HOTDESK_ACCOUNT_PREFIX,
  messages,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { validationError } from '../../../core/route.js';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import type { WriteContext } from '../../engine/types.js';
import { forgetSipDirectory } from '../sip-directory.js';

/** "hot-" and 7 random lowercase letters or digits, from a cryptographic source. */
export function generateHotdeskAccount(): string {
  let out = HOTDESK_ACCOUNT_PREFIX;
  for (let i = 0; i < HOTDESK_ACCOUNT_LENGTH; i++) {
    out += HOTDESK_ACCOUNT_ALPHABET[randomInt(HOTDESK_ACCOUNT_ALPHABET.length)];
  }
  return out;
}

/** HA1 of SIP digest authentication: what a registrar checks a REGISTER against. */
export const sipHa1 = (account: string, realm: string, password: string) =>
  createHash('md5').update(`${account}:${realm}:${password}`).digest('hex');

/**
 * The device's account and SIP credential, decided inside the transaction with the stored item:
 * a hotdesk device gets a generated account when it becomes one and keeps it while it stays one;
 * any other device needs an account. The password is kept only as its HA1, which binds it to the
 * account: a new account therefore needs the password again.
 */
async function deviceRow(_tx: Db, row: Record<string, unknown>, body: Record<string, unknown>, ctx: WriteContext) {
  const old = ctx.old;
  const hotdesk = (('hotdesk' in body ? body.hotdesk : old?.hotdesk) ?? false) as boolean;
  let account: string;
  if (hotdesk) {
    account = old?.hotdesk ? (old.account as string) : generateHotdeskAccount();
  } else {
    account = ('account' in body ? body.account : old?.account) as string;
    const missing = checkDeviceAccount({ account, hotdesk });
    if (missing) throw validationError('devices', [missing]);
  }
  row.account = account;
  const password = typeof body.password === 'string' ? body.password : '';
  if (password !== '') {
    row.passwordHa1 = sipHa1(account, ctx.principal.domain, password);
  } else if (old && old.account !== account) {
    throw validationError('devices', [{ field: 'password', message: messages.required }]);
  }
}

export const devicesResource = defineServerResource(devicesDef, {
  table: devices,
  unique: { devices_domain_account: 'account' },
  fields: {
    hotdesks: { select: 'to_json(t.hotdesks)' },
  },
  beforeRow: deviceRow,
  // What the SIP server is answered from is kept: forgotten on every node after a change.
  afterCommit: (app) => forgetSipDirectory(app),
  // A deleted device is no longer any user's own device (the join table's key drops the rest).
  afterDelete: async (tx, items, ctx) => {
    const ids = items.map((i) => i.id as number);
    const domainId = ctx.principal.domainId;
    await tx.execute(sql`update users set device_id = null where domain_id = ${domainId} and device_id in ${ids}`);
  },
});
