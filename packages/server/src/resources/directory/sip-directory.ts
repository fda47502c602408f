import { sql } from 'drizzle-orm';
import { onAuthChange } from '../../auth/cache.js';
import type { AppContext } from '../../context.js';
import { keptCopy } from '../../core/node-changes.js';
import { queryRows } from '../../db/sql.js';

/**
 * What the SIP server's questions read of a domain's directory (its devices with their HA1s, its
 * users and SIP gateways: credentials and call routing), kept in memory on each node so that answers
 * cost no database round trip. Everything kept is forgotten on every node whenever a device, a
 * user (its state, extension, devices, do-not-disturb), a hotdesk sign-in or a SIP gateway
 * changes (`forgetSipDirectory`, a notice to the other nodes; a user's change also comes through
 * the sign-in cache's notice), and is read again at the next question. What changes outside the
 * API (the command-line tools) is seen within KEEP_MS.
 */
export const KEEP_MS = 60_000;
/** A domain with more devices or users than this is read per question instead (a registrar's bound). */
export const SNAPSHOT_MAX_ROWS = 20_000;
/** How many domains' directories a node keeps at once. */
const MAX_DOMAINS = 1_000;
const CHANNEL = 'sip_directory_changed';

export type DirectoryDevice = {
  id: number;
  account: string;
  name: string;
  userId: number | null;
  /** The SIP credential (HA1), null for none. */
  ha1: string | null;
};
export type DirectoryUser = {
  id: number;
  /** The name, else the username. */
  name: string;
  username: string;
  extension: string;
  active: boolean;
  dnd: boolean;
  deviceId: number | null;
};
export type DirectoryGateway = {
  id: number;
  name: string;
  enable: boolean;
  register: boolean;
  host: string;
  proxy: string;
  account: string;
  ipacl: { ip: string; port: number | null }[];
};

/** One domain's directory as routing reads it, with the indexes its lookups use. */
export type DirectorySnapshot = {
  domainId: number;
  domainName: string;
  devices: Map<number, DirectoryDevice>;
  /** By lower-case account (unique in a domain). */
  deviceByAccount: Map<string, DirectoryDevice>;
  /** By name, the lowest id first. */
  deviceByName: Map<string, DirectoryDevice>;
  /** Devices by the user they are assigned to, by id. */
  devicesOfUser: Map<number, DirectoryDevice[]>;
  users: Map<number, DirectoryUser>;
  /** By extension, the lowest id. */
  userByExtension: Map<string, DirectoryUser>;
  /** By lower-case username (unique in a domain). */
  userByUsername: Map<string, DirectoryUser>;
  /** Device ids a user may use (user_devices), by user id. */
  usable: Map<number, number[]>;
  gateways: Map<number, DirectoryGateway>;
  /** By lower-case name. */
  gatewayByName: Map<string, DirectoryGateway>;
};

type Directories = {
  /** false: the domain is too large to keep; read per question until `until`. */
  snapshots: Map<number, { snapshot: DirectorySnapshot | false; until: number }>;
  /** Domains by realm (lower-case name); a realm with no domain is not kept. */
  realms: Map<string, { id: number; name: string; until: number }>;
};

// A user's change also comes through the sign-in cache's notice.
const kept = keptCopy<Directories>(
  CHANNEL,
  () => ({ snapshots: new Map(), realms: new Map() }),
  (k) => {
    k.snapshots.clear();
    k.realms.clear();
  },
  (ctx, forget) => onAuthChange(ctx, forget),
);

/** Calls `fn` whenever this node forgets what it kept of the directories (other SIP caches follow). */
export const onSipDirectoryChange = kept.onForget;

/** Forgets what is kept here and on every other node (after a change of the directory). */
export const forgetSipDirectory = kept.forget;

/** Listens for the other nodes' changes; returns the stop. */
export const watchSipDirectory = kept.watch;

/**
 * The domain's directory from memory, read whole when not kept (null: the domain has more than
 * SNAPSHOT_MAX_ROWS devices or users, or it changed while being read; the caller asks the database).
 */
export async function directorySnapshot(
  ctx: Pick<AppContext, 'db'>,
  domainId: number,
): Promise<DirectorySnapshot | null> {
  const k = kept.of(ctx);
  const now = Date.now();
  const known = k.snapshots.get(domainId);
  if (known && known.until > now) return known.snapshot || null;
  const generation = k.generation;
  const snapshot = await readSnapshot(ctx, domainId);
  if (k.generation !== generation) return null;
  if (k.snapshots.size >= MAX_DOMAINS) k.snapshots.clear();
  k.snapshots.set(domainId, { snapshot, until: Date.now() + KEEP_MS });
  return snapshot || null;
}

/** The domain whose name is the realm (any case), or null. */
export async function realmDomain(
  ctx: Pick<AppContext, 'db'>,
  realm: string,
): Promise<{ id: number; name: string } | null> {
  const k = kept.of(ctx);
  const key = realm.toLowerCase();
  const known = k.realms.get(key);
  if (known && known.until > Date.now()) return { id: known.id, name: known.name };
  const generation = k.generation;
  const [row] = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`select id, name from domains where lower(name) = ${key}`,
  );
  if (!row) return null;
  if (k.generation === generation) {
    if (k.realms.size >= MAX_DOMAINS) k.realms.clear();
    k.realms.set(key, { ...row, until: Date.now() + KEEP_MS });
  }
  return row;
}

const byLowestId = <T extends { id: number }>(rows: T[], key: (row: T) => string | null) => {
  const map = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null && !map.has(k)) map.set(k, row);
  }
  return map;
};

async function readSnapshot(ctx: Pick<AppContext, 'db'>, domainId: number): Promise<DirectorySnapshot | false> {
  const limit = SNAPSHOT_MAX_ROWS + 1;
  const [domain] = await queryRows<{ name: string }>(ctx.db, sql`select name from domains where id = ${domainId}`);
  const devices = await queryRows<DirectoryDevice>(
    ctx.db,
    sql`select id, account, name, user_id as "userId", password_ha1 as ha1 from devices
        where domain_id = ${domainId} order by id limit ${limit}`,
  );
  if (devices.length > SNAPSHOT_MAX_ROWS) return false;
  const users = await queryRows<DirectoryUser>(
    ctx.db,
    sql`select id, coalesce(nullif(name, ''), username) as name, username, extension, state as active,
          presence_status = 'dnd' as dnd, device_id as "deviceId"
        from users where domain_id = ${domainId} order by id limit ${limit}`,
  );
  if (users.length > SNAPSHOT_MAX_ROWS) return false;
  const usable = await queryRows<{ userId: number; deviceId: number }>(
    ctx.db,
    sql`select ud.user_id as "userId", ud.device_id as "deviceId" from user_devices ud
        join users u on u.id = ud.user_id where u.domain_id = ${domainId}`,
  );
  const gateways = await queryRows<DirectoryGateway>(
    ctx.db,
    sql`select id, name, enable, register, host, proxy, account, ipacl from sip_gateways
        where domain_id = ${domainId} order by id`,
  );
  const devicesOfUser = new Map<number, DirectoryDevice[]>();
  for (const d of devices) {
    if (d.userId === null) continue;
    const list = devicesOfUser.get(d.userId) ?? [];
    list.push(d);
    devicesOfUser.set(d.userId, list);
  }
  const usableOf = new Map<number, number[]>();
  for (const u of usable) usableOf.set(u.userId, [...(usableOf.get(u.userId) ?? []), u.deviceId]);
  return {
    domainId,
    domainName: domain?.name ?? '',
    devices: new Map(devices.map((d) => [d.id, d])),
    deviceByAccount: byLowestId(devices, (d) => d.account.toLowerCase()),
    deviceByName: byLowestId(devices, (d) => d.name),
    devicesOfUser,
    users: new Map(users.map((u) => [u.id, u])),
    userByExtension: byLowestId(users, (u) => u.extension),
    userByUsername: byLowestId(users, (u) => u.username.toLowerCase()),
    usable: usableOf,
    gateways: new Map(gateways.map((g) => [g.id, g])),
    gatewayByName: byLowestId(gateways, (g) => g.name.toLowerCase()),
  };
}
