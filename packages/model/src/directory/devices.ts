import { z } from 'zod';
import { col, NAME_COLUMN, nested, resource, sorted } from '../define.js';
import { messages } from '../messages.js';
import { type ResourceDef, ref } from '../resource.js';
import { epochMs, ipv4, mac, optionalText, refInput, refOutput, required, textMap, timestamps } from '../validation.js';
import { users } from './users.js';

/** Hotdesk account ids: "hot-" followed by 7 random lowercase letters or digits (spec part 1 sections 3, 9). */
export const HOTDESK_ACCOUNT_PREFIX = 'hot-';
export const HOTDESK_ACCOUNT_LENGTH = 7;
export const HOTDESK_ACCOUNT_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const isHotdeskAccount = (v: string) => /^hot-[a-z0-9]{7}$/.test(v);

/** Device presence states (spec part 1 section 4); `state` holds the index, 0 (nonreg) by default. */
export const DEVICE_STATES = ['nonreg', 'reged', 'ringing', 'dialing', 'dialog', 'onhold'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
export const deviceStateName = (state: unknown): DeviceState =>
  DEVICE_STATES[typeof state === 'number' && state >= 0 && state < DEVICE_STATES.length ? state : 0];

/** Hotdesk host names: A-Z, a-z, 0-9, hyphen and underscore (spec part 1 section 5). */
export const isHostName = (v: string) => /^[A-Za-z0-9_-]+$/.test(v);
export const hostName = () => z.string().trim().refine(isHostName, { error: messages.hostName });

/** Device variables travel as a key/value map, like a user's profile; each needs both. */
/**
 * The account is required, except on a hotdesk device, whose account the server generates. The
 * schema cannot say "required unless hotdesk" and still be extended and made partial, so the
 * server and the form check that rule themselves (`checkDeviceAccount`).
 */
const deviceInput = z.object({
  name: required(),
  account: optionalText(),
  /** Write-only: omitted (or empty) keeps the stored one; never answered. */
  password: z.string().optional(),
  user: refInput().nullable().default(null),
  phone: optionalText(),
  ip: ipv4().default(''),
  brand: optionalText(),
  model: optionalText(),
  mac: mac().default(''),
  vars: textMap(),
  hotdesk: z.boolean().default(false),
  hotdesks: z.array(hostName()).default([]),
});

/** Account required unless the device is a hotdesk one; answers the field error, if any. */
export function checkDeviceAccount(values: { account?: string; hotdesk?: boolean }) {
  if (values.hotdesk || (values.account ?? '').trim() !== '') return null;
  return { field: 'account', message: messages.required };
}

/** The columns of a device CSV file, in order. */
export const DEVICE_CSV_COLUMNS = ['account', 'name', 'brand', 'model', 'mac', 'ip'] as const;

export const devices = resource({
  name: 'devices',
  path: '/devices',
  objClass: 'devices',
  area: 'directory',
  input: deviceInput,
  createInput: deviceInput.extend({ password: required() }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    account: z.string(),
    user: refOutput().nullable(),
    phone: z.string(),
    ip: z.string(),
    brand: z.string(),
    model: z.string(),
    mac: z.string(),
    vars: z.record(z.string(), z.string()),
    state: z.number(),
    hotdesk: z.boolean(),
    hotdesks: z.array(z.string()),
    /** When the state last changed (a registration, a call state), null before the first. */
    stateChangedAt: z.string().nullable(),
    ...timestamps(),
  }),
  listFields: ['id', 'name', 'account', 'user', 'state', 'hotdesk', 'brand', 'model'],
  search: ['name', 'account'],
  sort: ['id', 'name', 'account', 'state', 'brand', 'model', 'mac', 'ip', 'createdAt', 'updatedAt'],
  defaultSort: '+name',
  filters: [{ kind: 'ref', key: 'user', path: '/users', objClass: 'users' }],
  columns: [
    NAME_COLUMN,
    sorted('account'),
    col('user', 'ref'),
    sorted('state'),
    col('hotdesk'),
    sorted('brand'),
    sorted('model'),
  ],
  recordAcl: true,
  refs: { user: ref((): ResourceDef => users) },
  logObject: 'devices',
  ops: { create: true, update: true, patch: true, delete: true },
  // The columns the device import reads.
  export: DEVICE_CSV_COLUMNS,
  import: {
    columns: DEVICE_CSV_COLUMNS.map((field) => ({ field, required: field === 'account' })),
    mapping: true,
  },
});

/** A device row of a CSV import: account required; name (the account when empty), brand, model, mac, ip. */
export const deviceImportRow = z.object({
  account: required(),
  name: optionalText(),
  brand: optionalText(),
  model: optionalText(),
  mac: mac().default(''),
  ip: ipv4().default(''),
});

/** GET /devices/{id}/registered */
export const deviceRegistration = z.object({
  id: z.number(),
  account: z.string(),
  registered: z.boolean(),
  state: z.number(),
  status: z.enum(DEVICE_STATES),
  stateChangedAt: z.string().nullable(),
});

/** GET /devices/{id}/users/audit: hotdesk log-in and log-out times per user. */
export const deviceAuditQuery = z.object({
  /** Epoch milliseconds: entries logged in at or after. */
  timeFrom: z.coerce.number().pipe(epochMs()).optional(),
  /** Epoch milliseconds: entries logged in at or before. */
  timeTo: z.coerce.number().pipe(epochMs()).optional(),
});
export const deviceAuditEntry = z.object({
  id: z.number(),
  user: refOutput().nullable(),
  loggedInAt: z.string(),
  loggedOutAt: z.string().nullable(),
});

/**
 * A device's usage history (`/devices/{id}/users/audit`): hotdesk log-in and log-out times per
 * user, newest first, written by telephony events; read-only, under the device's read right.
 * `q` searches the user's name as it was at log-in; `timeFrom`/`timeTo` filter (`deviceAuditQuery`).
 */
export const deviceHistory = nested({
  name: 'deviceHistory',
  path: '/devices/:id/users/audit',
  objClass: null,
  item: deviceAuditEntry,
  search: ['userName'],
  defaultSort: '-loggedInAt',
  columns: [col('user', 'ref'), sorted('loggedInAt', 'date'), sorted('loggedOutAt', 'date')],
  parent: devices,
  param: 'id',
  itemParam: 'entryId',
});
