import { sql } from 'drizzle-orm';
import type { SipConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { queryRows } from '../db/sql.js';

/**
 * Several API nodes, each with its own Kamailio, behind one database. A Kamailio's location table
 * holds only the devices registered through it, so:
 * - every node with a SIP server writes its SIP address to `sip_nodes` every few seconds (a
 *   heartbeat); the others admit calls from that address as a peer's (their `permissions` address
 *   table, group PEER_GROUP) and drop it when it has not been seen for PEER_SILENCE_SECONDS;
 * - a registration records which node holds it (`device_locations`, until it expires);
 * - a call to a device registered elsewhere is handed to that node's Kamailio (the route answer
 *   names it), which rings the device's contacts there and reports that device's states.
 */

/** How often a node writes its heartbeat. */
export const HEARTBEAT_MS = 5000;
/** A node silent for this long is no longer a peer. */
export const PEER_SILENCE_SECONDS = 20;
/**
 * The `permissions` group of peer nodes' addresses: trunking gateways use their ids as groups, so
 * this is one no gateway id reaches (and not 0: Kamailio takes a function answering 0 for "stop").
 */
export const PEER_GROUP = 2_000_000_000;

/** Where the other nodes' SIP servers reach this one: host:port. */
export function sipNodeAddress(sip: SipConfig): string {
  const host = sip.nodeHost || (sip.host === '0.0.0.0' || sip.host === '::' ? '127.0.0.1' : sip.host);
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${sip.port}`;
}

/** `host:port` (host may be a bracketed IPv6 address) split. */
export function splitAddress(address: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  return m ? { host: m[1], port: Number(m[2]) } : { host: address, port: 0 };
}

export async function heartbeat(ctx: AppContext, self: string): Promise<void> {
  await ctx.db.execute(
    sql`insert into sip_nodes (address, seen_at) values (${self}, now())
        on conflict (address) do update set seen_at = now()`,
  );
}

/** This node leaves: the others stop admitting calls from its address at their next reload. */
export async function leave(ctx: AppContext, self: string): Promise<void> {
  await ctx.db.execute(sql`delete from sip_nodes where address = ${self}`);
}

/** The peers each node (by its address) saw at its last look: a call asks for locations only when there are any. */
const peersSeen = new Map<string, string[]>();

/** The other nodes seen lately, by address. */
export async function livePeers(ctx: AppContext, self: string): Promise<string[]> {
  const rows = await queryRows<{ address: string }>(
    ctx.db,
    sql`select address from sip_nodes
        where address <> ${self} and seen_at > now() - make_interval(secs => ${PEER_SILENCE_SECONDS})
        order by address`,
  );
  const peers = rows.map((r) => r.address);
  peersSeen.set(self, peers);
  return peers;
}

/** Whether this node saw other nodes at its last look (its SIP server's gateway sync looks every second). */
export const hasPeers = (self: string) => (peersSeen.get(self)?.length ?? 0) > 0;

/**
 * Notes where a device's registration is held: until `expires` seconds from now after a
 * registration, no longer after an unregistration or an expiry there.
 */
export async function recordLocation(
  ctx: AppContext,
  deviceId: number,
  node: string,
  registered: boolean,
  expires = 3600,
): Promise<void> {
  if (!registered) {
    await ctx.db.execute(sql`delete from device_locations where device_id = ${deviceId} and node = ${node}`);
    return;
  }
  await ctx.db.execute(
    sql`insert into device_locations (device_id, node, expires_at)
        values (${deviceId}, ${node}, now() + make_interval(secs => ${Math.max(1, expires)}))
        on conflict (device_id, node) do update set expires_at = excluded.expires_at`,
  );
}

/** The live nodes other than this one holding a registration of each device, by device id. */
export async function remoteLocations(ctx: AppContext, deviceIds: number[], self: string) {
  const byDevice = new Map<number, string[]>();
  if (!deviceIds.length) return byDevice;
  const rows = await queryRows<{ device_id: number; node: string }>(
    ctx.db,
    sql`select l.device_id, l.node from device_locations l join sip_nodes n on n.address = l.node
        where l.device_id in (${sql.join(
          deviceIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and l.node <> ${self} and l.expires_at > now()
          and n.seen_at > now() - make_interval(secs => ${PEER_SILENCE_SECONDS})
        order by l.node`,
  );
  for (const r of rows) byDevice.set(r.device_id, [...(byDevice.get(r.device_id) ?? []), r.node]);
  return byDevice;
}
