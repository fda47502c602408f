import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { SipAclEntry } from '../db/schema.js';
import { queryRows } from '../db/sql.js';
import { applyTelephonyEvent } from '../events/telephony.js';
import { HEARTBEAT_MS, heartbeat, leave, livePeers, PEER_GROUP, splitAddress } from './sip-nodes.js';

/**
 * SIP gateways on the SIP server: every enabled register gateway of every domain becomes an
 * upstream registration of Kamailio's `uac` module, every enabled trunk's ipacl entries rows of
 * the `permissions` address table (group = the gateway's id), and so do the other API nodes' SIP
 * servers (group PEER_GROUP, sip-nodes.ts; this node's heartbeat is written here too). Both are text tables Kamailio reads
 * (db_text); they are rewritten and reloaded over RPC when the gateways change, and the
 * registrations' states, read back from Kamailio, become the gateways' statuses.
 */
export type GatewaySync = {
  /** Rewrites the tables and has Kamailio reload them when they changed (`force`: in any case). */
  reload(force?: boolean): Promise<boolean>;
  /** Reads the registrations' states once and reports those that changed. */
  poll(): Promise<void>;
  /** Stops the timer; this node leaves the others' peers. */
  stop(): Promise<void>;
};

type GatewayRow = {
  id: number;
  domain_id: number;
  domain: string;
  register: boolean;
  account: string;
  username: string;
  password: string;
  expires: number;
  registrar: string;
  proxy: string;
  ipacl: SipAclEntry[];
};

const VERSION_TABLE = 'id(int,auto) table_name(string) table_version(int) \n0:version:1\n0:uacreg:5\n0:address:6\n';

/** A db_text value: its column separator and escapes escaped. */
const cell = (value: string | number) =>
  String(value).replace(/[\\:\n\r]/g, (c) => ({ '\\': '\\\\', ':': '\\:', '\n': '\\n', '\r': '\\r' })[c] as string);

/** `sip:host[:port]` of a registrar written as host, host:port or a SIP URI. */
function registrarParts(value: string): { host: string; uri: string } {
  const bare = value
    .trim()
    .replace(/^sips?:/i, '')
    .replace(/;.*$/, '');
  const host = bare.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return { host, uri: `sip:${bare}` };
}

export const gatewayUuid = (id: number) => `gw-${id}`;

/** One upstream registration, in the uacreg table's column order. */
function uacRecord(g: GatewayRow): (string | number)[] {
  const { uri } = registrarParts(g.registrar);
  // The account is the address of record, user@domain (with or without sip:).
  const [user, domain] = g.account.replace(/^sips?:/i, '').split('@');
  const host = domain || registrarParts(g.registrar).host;
  const proxy = g.proxy.trim() ? registrarParts(g.proxy).uri : uri;
  const uuid = gatewayUuid(g.id);
  return [
    uuid,
    uuid,
    g.domain,
    user,
    host,
    '',
    g.username || user || '',
    g.password,
    '',
    proxy,
    Math.max(60, g.expires),
    0,
    0,
    '',
    '',
  ];
}

const registers = (gateways: GatewayRow[]) => gateways.filter((g) => g.register && g.registrar.trim());

function uacRows(gateways: GatewayRow[]): string {
  const head =
    'id(int,auto) l_uuid(string) l_username(string) l_domain(string) r_username(string) r_domain(string) realm(string) auth_username(string) auth_password(string) auth_ha1(string) auth_proxy(string) expires(int) flags(int) reg_delay(int) contact_addr(string) socket(string) \n';
  const rows = registers(gateways).map((g) => [g.id, ...uacRecord(g)].map(cell).join(':'));
  return head + rows.map((r) => `${r}\n`).join('');
}

/** The address table: trunks' ipacl entries (group = gateway id), then peer nodes (PEER_GROUP). */
function addressRows(gateways: GatewayRow[], peers: string[]): string {
  const head = 'id(int,auto) grp(int) ip_addr(string) mask(int) port(int) tag(string,null) \n';
  let id = 0;
  const rows: string[] = [];
  for (const g of gateways) {
    if (g.register) continue;
    for (const entry of g.ipacl ?? []) {
      const [ip, bits] = entry.ip.split('/');
      const mask = bits ? Number(bits) : ip.includes(':') ? 128 : 32;
      rows.push([++id, g.id, ip, mask, entry.port ?? 0, String(g.domain_id)].map(cell).join(':'));
    }
  }
  for (const peer of peers) {
    const { host, port } = splitAddress(peer);
    rows.push([++id, PEER_GROUP, host, host.includes(':') ? 128 : 32, port, 'peer'].map(cell).join(':'));
  }
  return head + rows.map((r) => `${r}\n`).join('');
}

/**
 * A registration's status from Kamailio's uac record (flags: 1 disabled, 2 in progress,
 * 4 registered, 8 credentials sent, 16 initialised). An attempt lasts milliseconds and is rarely
 * seen by a poll, so the status never depends on having seen it: a refused or timed-out attempt
 * leaves the record neither registered nor in progress with its next attempt scheduled
 * (`timer_expires` set; a record never tried has 0 there). While uac retries, a failed
 * registration stays failed until a retry succeeds.
 */
export function gatewayState(
  r: { flags: number; timer_expires?: number },
  previous: string | undefined,
): 'success' | 'failed' | 'in_progress' {
  if (r.flags & 1) return 'failed';
  if (r.flags & 4) return 'success';
  if (r.flags & 2) return previous === 'failed' ? 'failed' : 'in_progress';
  return (r.timer_expires ?? 0) > 0 ? 'failed' : 'in_progress';
}

export async function startGatewaySync(
  ctx: AppContext,
  opts: {
    dbDir: string;
    rpc: (method: string, params?: unknown[]) => Promise<unknown>;
    log: FastifyBaseLogger;
    /** This node's SIP address (sip-nodes.ts): its heartbeat, and the peers its Kamailio admits. */
    self: string;
  },
): Promise<GatewaySync> {
  let written = '';
  let known = new Map<number, GatewayRow>();
  const reported = new Map<number, string>();
  /** Work not yet done on Kamailio: records to add (true: replacing one), records to remove, a reload. */
  const addPending = new Map<number, boolean>();
  const gonePending = new Map<number, number>();
  let addressPending = false;

  const load = () =>
    queryRows<GatewayRow>(
      ctx.db,
      sql`select g.id, g.domain_id, d.name as domain, g.register, g.account, g.username, g.password, g.expires,
            g.registrar, g.proxy, g.ipacl
          from sip_gateways g join domains d on d.id = g.domain_id
          where g.enable order by g.id`,
    );

  /**
   * db_text reloads a table only when its file's modification time (whole seconds) changed: two
   * writes within a second would leave Kamailio with the first. Each write gets a later second.
   */
  let stamp = 0;
  const write = (rows: GatewayRow[], peers: string[]) => {
    const uac = uacRows(rows);
    const address = addressRows(rows, peers);
    stamp = Math.max(stamp + 1, Math.floor(Date.now() / 1000));
    const files: [string, string, number][] = [
      ['version', VERSION_TABLE, 0o644],
      ['uacreg', uac, 0o600],
      ['address', address, 0o644],
    ];
    for (const [name, text, mode] of files) {
      const file = path.join(opts.dbDir, name);
      fs.writeFileSync(file, text, { mode });
      fs.utimesSync(file, stamp, stamp);
    }
    return uac + address;
  };
  // Kamailio reads the tables when it starts: they must exist before it does. The other nodes
  // learn of this one from its first heartbeat.
  await heartbeat(ctx, opts.self);
  let lastBeat = Date.now();
  const initial = await load();
  written = write(initial, await livePeers(ctx, opts.self));
  known = new Map(initial.map((g) => [g.id, g]));

  const report = async (domainId: number, id: number, state: string) => {
    if (reported.get(id) === state) return;
    reported.set(id, state);
    const answer = await applyTelephonyEvent({ app: ctx, principal: { domainId } }, { type: 'gateway', id, state });
    if (answer.code !== 200) reported.delete(id);
  };

  let busy = false;
  /** One reload at a time (the start-up one and the timer's). */
  let chain: Promise<unknown> = Promise.resolve();
  const reload = (force = false): Promise<boolean> => {
    const run = chain.then(() => reloadNow(force));
    chain = run.catch(() => undefined);
    return run;
  };
  const reloadNow = async (force: boolean) => {
    const rows = await load();
    const peers = await livePeers(ctx, opts.self);
    const text = uacRows(rows) + addressRows(rows, peers);
    const before = new Map(registers([...known.values()]).map((g) => [g.id, JSON.stringify(uacRecord(g))]));
    const now = new Map(registers(rows).map((g) => [g.id, g]));
    for (const g of registers([...known.values()])) if (!now.has(g.id)) gonePending.set(g.id, g.domain_id);
    known = new Map(rows.map((g) => [g.id, g]));
    if (force || text !== written) {
      written = write(rows, peers);
      addressPending = true;
      for (const [id, g] of now) {
        if (force || before.get(id) !== JSON.stringify(uacRecord(g))) addPending.set(id, before.has(id) || force);
      }
    }
    if (!addPending.size && !gonePending.size && !addressPending) return false;
    // Every step that fails (Kamailio restarting, a reload refused) is tried again on the next tick.
    // uac reloads its whole table at most every 150 s: records are added, replaced and removed one by one.
    for (const [id, replace] of [...addPending]) {
      const g = now.get(id);
      addPending.delete(id);
      if (!g) continue;
      const [uuid, lUser, lDomain, rUser, rDomain, realm, authUser, password, , proxy, expires, flags, delay] =
        uacRecord(g);
      // reg_add refuses a uuid it has: a changed record is removed first.
      if (replace) await opts.rpc('uac.reg_remove', [uuid]).catch(() => undefined);
      try {
        await opts.rpc('uac.reg_add', [
          uuid,
          lUser,
          lDomain,
          rUser,
          rDomain,
          realm || '.',
          authUser,
          password || '.',
          '.',
          proxy,
          expires,
          flags,
          delay,
          '',
          '.',
        ]);
      } catch (error) {
        addPending.set(id, true);
        throw error;
      }
      reported.delete(id);
    }
    // A gateway disabled (or deleted, or turned into a trunk) is no longer registered.
    for (const [id, domainId] of [...gonePending]) {
      await opts.rpc('uac.reg_remove', [gatewayUuid(id)]).catch((error: Error) => {
        // Kamailio answered (a record it does not have): done; it did not answer: next tick.
        if (!error.message.startsWith('uac.reg_remove:')) throw error;
      });
      gonePending.delete(id);
      await report(domainId, id, 'not_registered');
    }
    if (addressPending) {
      await opts.rpc('permissions.addressReload');
      addressPending = false;
    }
    return true;
  };

  const poll = async () => {
    const result = (await opts.rpc('uac.reg_dump')) as
      | { l_uuid: string; flags: number; timer_expires?: number }[]
      | null;
    for (const r of result ?? []) {
      const id = Number(r.l_uuid.replace(/^gw-/, ''));
      const g = known.get(id);
      if (!g) continue;
      await report(g.domain_id, id, gatewayState(r, reported.get(id)));
    }
  };

  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      if (Date.now() - lastBeat >= HEARTBEAT_MS) {
        await heartbeat(ctx, opts.self);
        lastBeat = Date.now();
      }
      await reload();
      await poll();
    } catch (error) {
      opts.log.debug({ err: error }, 'sip gateways: kamailio not answering yet');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), 1000);
  timer.unref();

  return {
    reload,
    poll,
    stop: async () => {
      clearInterval(timer);
      await leave(ctx, opts.self).catch(() => undefined);
    },
  };
}
