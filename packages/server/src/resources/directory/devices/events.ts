import { DEVICE_STATES, type DeviceState, pastEpochMs, required } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { keyedError, keyedField } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/sql.js';
import { registerTopic } from '../../../events/hub.js';
import { registerTelephonyEvent, type TelephonyOutcome } from '../../../events/telephony.js';
import { forgetSipDirectory } from '../sip-directory.js';
import { USER_NAME_SQL } from '../users/users.js';

/** Device presence changes reach the browsers of those who may read devices (and, under rbac, the device). */
registerTopic('devices', { cls: 'devices' });

const STATE = Object.fromEntries(DEVICE_STATES.map((s, i) => [s, i])) as Record<DeviceState, number>;

/** When it happened on the telephony side (epoch milliseconds); the time of the call by default. */
const time = pastEpochMs().optional();
const account = required();

type DeviceRow = { id: number; account: string; state: number; hotdesk: boolean };

/** The domain's device with this account (any case), locked for the change; 404 naming the account. */
async function deviceOf(tx: Db, domainId: number, value: string): Promise<DeviceRow> {
  const [row] = await queryRows<DeviceRow>(
    tx,
    sql`select id, account, state, hotdesk from devices
        where domain_id = ${domainId} and lower(account) = lower(${value}) for update`,
  );
  if (!row) {
    const params = { account: value };
    throw keyedError(404, 'app.devices.not_found', 'deviceNotFound', params, [
      keyedField('account', 'deviceNotFound', params),
    ]);
  }
  return row;
}

const at = (ms: number | undefined) => (ms === undefined ? new Date() : new Date(ms)).toISOString();

/** Sets the device's state; answers what the telephony side is told and what the browsers get. */
async function setState(tx: Db, device: DeviceRow, state: number, when: string): Promise<TelephonyOutcome> {
  const changed = device.state !== state;
  if (changed) {
    await tx.execute(sql`update devices set state = ${state}, state_changed_at = ${when} where id = ${device.id}`);
  }
  const data = { id: device.id, account: device.account, state };
  return {
    result: { device: { id: device.id, account: device.account }, state, status: DEVICE_STATES[state], changed },
    publish: changed ? [{ topic: 'devices', data }] : [],
  };
}

registerTelephonyEvent('device.registered', z.object({ account, time }), async (tx, e, { principal }) => {
  const device = await deviceOf(tx, principal.domainId, e.account);
  // A REGISTER refresh during a call keeps the call state.
  return setState(tx, device, Math.max(device.state, STATE.reged), at(e.time));
});

registerTelephonyEvent('device.unregistered', z.object({ account, time }), async (tx, e, { principal }) => {
  const device = await deviceOf(tx, principal.domainId, e.account);
  return setState(tx, device, STATE.nonreg, at(e.time));
});

/** Call states; `reged` says the call ended and the device is registered and idle again. */
const CALL_STATES = ['ringing', 'dialing', 'dialog', 'onhold', 'reged'] as const;

registerTelephonyEvent(
  'device.call',
  z.object({ account, state: z.enum(CALL_STATES), time }),
  async (tx, e, { principal }) => {
    const device = await deviceOf(tx, principal.domainId, e.account);
    return setState(tx, device, STATE[e.state], at(e.time));
  },
);

const hotdeskUser = z.object({
  account,
  /** The user, by id or by username (one of them). */
  userId: z.number().int().positive().optional(),
  username: z.string().trim().min(1).optional(),
  time,
});

type UserRow = { id: number; name: string };

async function userOf(tx: Db, domainId: number, e: z.output<typeof hotdeskUser>): Promise<UserRow> {
  if (e.userId === undefined && e.username === undefined) {
    throw keyedError(400, 'app.devices.validation', 'hotdeskUserUnnamed', {}, [
      keyedField('username', 'hotdeskUserUnnamed'),
    ]);
  }
  const [row] = await queryRows<UserRow>(
    tx,
    e.userId !== undefined
      ? sql`select id, ${sql.raw(USER_NAME_SQL('u'))} as name from users u where id = ${e.userId} and domain_id = ${domainId}`
      : sql`select id, ${sql.raw(USER_NAME_SQL('u'))} as name from users u
            where lower(username) = lower(${e.username}) and domain_id = ${domainId}`,
  );
  if (!row) {
    const field = e.userId !== undefined ? 'userId' : 'username';
    const params = { user: e.userId ?? `"${e.username}"` };
    throw keyedError(404, 'app.users.not_found', 'hotdeskUserNotFound', params, [
      keyedField(field, 'hotdeskUserNotFound', params),
    ]);
  }
  return row;
}

/**
 * The telephony side is answered only what it sent: a user id is not turned into a name, nor a
 * username into an id (a telephony-only token may not read users).
 */
const asSent = (e: z.output<typeof hotdeskUser>) =>
  e.userId !== undefined ? { id: e.userId } : { username: e.username };

function requireHotdesk(device: DeviceRow) {
  if (!device.hotdesk) {
    const params = { account: device.account };
    throw keyedError(400, 'app.devices.not_hotdesk', 'deviceNotHotdesk', params, [
      keyedField('account', 'deviceNotHotdesk', params),
    ]);
  }
}

/**
 * A user logged in on a hotdesk device: whoever was logged in there is logged out at that moment,
 * the usage history gets a new entry, and the device belongs to the user until the log-out.
 */
registerTelephonyEvent('device.hotdesk.login', hotdeskUser, async (tx, e, { principal }) => {
  const device = await deviceOf(tx, principal.domainId, e.account);
  requireHotdesk(device);
  const user = await userOf(tx, principal.domainId, e);
  const when = at(e.time);
  await tx.execute(
    sql`update device_user_audit set logged_out_at = ${when} where device_id = ${device.id} and logged_out_at is null`,
  );
  const [entry] = await queryRows<{ id: number }>(
    tx,
    sql`insert into device_user_audit (domain_id, device_id, user_id, user_name, logged_in_at)
        values (${principal.domainId}, ${device.id}, ${user.id}, ${user.name}, ${when}) returning id`,
  );
  await tx.execute(sql`update devices set user_id = ${user.id}, updated_at = now() where id = ${device.id}`);
  const ref = { id: user.id, name: user.name };
  return {
    result: { device: { id: device.id, account: device.account }, user: asSent(e), historyId: entry.id },
    publish: [{ topic: 'devices', data: { id: device.id, account: device.account, user: ref } }],
    afterCommit: forgetSipDirectory,
  };
});

/** A user logged out of a hotdesk device: its open history entries close; the device is free again. */
registerTelephonyEvent('device.hotdesk.logout', hotdeskUser, async (tx, e, { principal }) => {
  const device = await deviceOf(tx, principal.domainId, e.account);
  requireHotdesk(device);
  const user = await userOf(tx, principal.domainId, e);
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`update device_user_audit set logged_out_at = ${at(e.time)}
        where device_id = ${device.id} and user_id = ${user.id} and logged_out_at is null returning id`,
  );
  await tx.execute(
    sql`update devices set user_id = null, updated_at = now() where id = ${device.id} and user_id = ${user.id}`,
  );
  return {
    result: {
      device: { id: device.id, account: device.account },
      user: asSent(e),
      closed: closed.length,
    },
    publish: closed.length ? [{ topic: 'devices', data: { id: device.id, account: device.account, user: null } }] : [],
    afterCommit: forgetSipDirectory,
  };
});
