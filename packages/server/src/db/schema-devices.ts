// Tables of the devices area; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord, users } from './schema-core.js';
import {
  emptyText,
  flag,
  linkTable,
  nameIndexes,
  refId,
  searchIndex,
  stamps,
  textMap,
  timestamptz,
} from './schema-helpers.js';

export const devices = pgTable(
  'devices',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    /** SIP account (user part); unique in the domain whatever its case. */
    account: text('account').notNull(),
    /**
     * HA1 of SIP digest authentication, md5("account:domain:password"): what a registrar needs to
     * check a REGISTER, without keeping the password itself. Null until a password is set.
     */
    passwordHa1: text('password_ha1'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    phone: emptyText('phone'),
    ip: emptyText('ip'),
    brand: emptyText('brand'),
    model: emptyText('model'),
    mac: emptyText('mac'),
    vars: textMap('vars'),
    /** Presence state index (DEVICE_STATES): 0 nonreg, 1 reged, 2 ringing, 3 dialing, 4 dialog, 5 onhold. */
    state: integer('state').notNull().default(0),
    stateChangedAt: timestamptz('state_changed_at'),
    hotdesk: flag('hotdesk', false),
    hotdesks: text('hotdesks').array().notNull().default(sql`'{}'::text[]`),
    ...stamps,
  },
  (t) => [
    uniqueIndex('devices_domain_account').on(t.domainId, sql`lower(${t.account})`),
    ...nameIndexes('devices', t),
    searchIndex('devices_account_search', t.account),
    index('devices_domain_name').on(t.domainId, t.name),
    index('devices_user').on(t.userId),
  ],
);

/** Usage history: who was logged in on a (hotdesk) device, from when to when. */
export const deviceUserAudit = pgTable(
  'device_user_audit',
  {
    ...domainRecord(),
    deviceId: refId('device_id', () => devices.id, 'cascade'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name when logged in, kept when the user is deleted later. */
    userName: emptyText('user_name'),
    loggedInAt: timestamptz('logged_in_at').notNull(),
    loggedOutAt: timestamptz('logged_out_at'),
  },
  (t) => [index('device_user_audit_device_time').on(t.deviceId, t.loggedInAt)],
);

/** The devices a user may use besides its own (`devices` of the user). */
export const userDevices = linkTable('user_devices', { userId: () => users.id, deviceId: () => devices.id });

/**
 * Registration history of a device, written from the SIP server's reports: a registration (with
 * the contact, address and user agent), an unregistration, an expiry. A refresh from the same
 * contact while registered adds nothing.
 */
export const deviceRegistrations = pgTable(
  'device_registrations',
  {
    ...domainRecord(),
    deviceId: refId('device_id', () => devices.id, 'cascade'),
    /** registered, unregistered or expired. */
    event: text('event').notNull(),
    contact: emptyText('contact'),
    ip: emptyText('ip'),
    port: integer('port'),
    transport: emptyText('transport'),
    userAgent: emptyText('user_agent'),
    expires: integer('expires'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('device_registrations_device_time').on(t.deviceId, t.at)],
);

/**
 * The SIP servers of the API nodes (a Kamailio beside each node that runs one), so they can hand
 * calls to each other: each node writes its own row every few seconds; one not seen for a while
 * is gone. `address` is where the others reach its SIP port (host:port).
 */
export const sipNodes = pgTable('sip_nodes', {
  address: text('address').primaryKey(),
  seenAt: timestamptz('seen_at').notNull().defaultNow(),
});

/**
 * Which SIP node holds a device's registration (Kamailio's location table is per instance), until
 * when: a call placed on another node is handed to that one.
 */
export const deviceLocations = pgTable(
  'device_locations',
  {
    deviceId: refId('device_id', () => devices.id, 'cascade'),
    /** The SIP node's address (sip_nodes.address). */
    node: text('node').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.node] })],
);
