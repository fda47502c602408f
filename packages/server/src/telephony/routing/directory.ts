import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import {
  type DirectoryDevice,
  type DirectorySnapshot,
  type DirectoryUser,
  directorySnapshot,
} from '../../resources/directory/sip-directory.js';
import type { DialplanRule } from '../../resources/routing/dialplan/route-cache.js';
import type { CalendarData } from './calendar.js';
import type { DeviceData, EndpointRef, GatewayData, UserData } from './interpreter.js';

/**
 * What a reference names first: its id, else its account (where the record has one), else its
 * name; null where it names none of them.
 */
function byRef<T>(
  ref: EndpointRef,
  by: { id: (id: number) => T; account?: (account: string) => T; name: (name: string) => T },
): T | null {
  if (ref.id !== undefined) return by.id(ref.id);
  if (ref.account && by.account) return by.account(ref.account);
  return ref.name ? by.name(ref.name) : null;
}

type UserRow = { id: number; name: string; active: boolean; dnd: boolean; deviceId: number | null };

/** A device of the domain where `where`, an exact account match first. */
const deviceQuery = (domainId: number, where: SQL, account: string) =>
  sql`select d.id, d.account, d.name, u.state as "userActive"
      from devices d left join users u on u.id = d.user_id
      where d.domain_id = ${domainId} and ${where}
      order by (lower(d.account) = lower(${account})) desc, d.id limit 1`;

/** A user of the domain where `where`, the lowest id first. */
const userQuery = (domainId: number, where: SQL) =>
  sql`select id, coalesce(nullif(name, ''), username) as name, state as active,
        presence_status = 'dnd' as dnd, device_id as "deviceId"
      from users where domain_id = ${domainId} and ${where} order by id limit 1`;

/**
 * Read-only lookups of one domain's directory for routing: every query is bound to the domain.
 * With the domain's snapshot (resources/directory/sip-directory.ts) the lookups of devices, users
 * and gateways answer from memory, exactly as their queries would.
 */
export class DomainDirectory {
  constructor(
    private readonly db: Db,
    readonly domainId: number,
    private readonly kept: DirectorySnapshot | null = null,
  ) {}

  /** The domain's directory, from its snapshot when the node keeps one. */
  static async of(ctx: { db: Db }, domainId: number): Promise<DomainDirectory> {
    return new DomainDirectory(ctx.db, domainId, await directorySnapshot(ctx, domainId));
  }

  private keptDevice(d: DirectoryDevice | undefined): DeviceData | null {
    if (!d) return null;
    const user = d.userId === null ? undefined : this.kept?.users.get(d.userId);
    return { id: d.id, account: d.account, name: d.name, userActive: user ? user.active : null };
  }

  private static keptUser(u: DirectoryUser | undefined): UserRow | null {
    return u ? { id: u.id, name: u.name, active: u.active, dnd: u.dnd, deviceId: u.deviceId } : null;
  }

  private async one<T>(query: SQL): Promise<T | null> {
    const [row] = await queryRows<T>(this.db, query);
    return row ?? null;
  }

  /** A device by id, account (any case) or name; `userActive` is its user's state (null: none). */
  device(ref: EndpointRef): Promise<DeviceData | null> {
    const k = this.kept;
    if (k) {
      const found = byRef(ref, {
        id: (id) => k.devices.get(id),
        account: (account) => k.deviceByAccount.get(account.toLowerCase()),
        name: (name) => k.deviceByAccount.get(name.toLowerCase()) ?? k.deviceByName.get(name),
      });
      return Promise.resolve(this.keptDevice(found ?? undefined));
    }
    const where = byRef(ref, {
      id: (id) => sql`d.id = ${id}`,
      account: (account) => sql`lower(d.account) = lower(${account})`,
      name: (name) => sql`(lower(d.account) = lower(${name}) or d.name = ${name})`,
    });
    if (!where) return Promise.resolve(null);
    return this.one<DeviceData>(deviceQuery(this.domainId, where, ref.account ?? ref.name ?? ''));
  }

  /**
   * The first lookups of a call in one query: the calling device (by id, when a device calls), and
   * the dialled number as a device's account and as a user's extension (with `devices` still empty).
   */
  async callee(
    callerId: number | null,
    destination: string,
  ): Promise<{ caller: DeviceData | null; device: DeviceData | null; user: UserRow | null }> {
    const k = this.kept;
    if (k) {
      return {
        caller: callerId === null ? null : this.keptDevice(k.devices.get(callerId)),
        device: this.keptDevice(k.deviceByAccount.get(destination.toLowerCase())),
        user: DomainDirectory.keptUser(k.userByExtension.get(destination)),
      };
    }
    const caller =
      callerId === null
        ? sql`null::json`
        : sql`(select row_to_json(c) from (${deviceQuery(this.domainId, sql`d.id = ${callerId}`, '')}) c)`;
    const row = await this.one<{ caller: DeviceData | null; device: DeviceData | null; user: UserRow | null }>(
      sql`select ${caller} as caller,
        (select row_to_json(c) from (${deviceQuery(this.domainId, sql`lower(d.account) = lower(${destination})`, destination)}) c) as device,
        (select row_to_json(c) from (${userQuery(this.domainId, sql`extension = ${destination}`)}) c) as "user"`,
    );
    return { caller: row?.caller ?? null, device: row?.device ?? null, user: row?.user ?? null };
  }

  /** A user by id, extension or username (`name` is tried as both), with the devices that ring for it. */
  async user(ref: EndpointRef): Promise<UserData | null> {
    const k = this.kept;
    if (k) {
      let found: DirectoryUser | undefined;
      if (ref.id !== undefined) found = k.users.get(ref.id);
      else if (ref.extension) found = k.userByExtension.get(ref.extension);
      else if (ref.name) {
        // The lowest id of the user with that extension and the one with that username.
        const [a, b] = [k.userByExtension.get(ref.name), k.userByUsername.get(ref.name.toLowerCase())];
        found = a && b ? (a.id < b.id ? a : b) : (a ?? b);
      }
      const user = DomainDirectory.keptUser(found);
      return user ? this.withDevices(user) : null;
    }
    const where =
      ref.id !== undefined
        ? sql`id = ${ref.id}`
        : ref.extension
          ? sql`extension = ${ref.extension}`
          : ref.name
            ? sql`(extension = ${ref.name} or lower(username) = lower(${ref.name}))`
            : null;
    if (!where) return null;
    const user = await this.one<UserRow>(userQuery(this.domainId, where));
    return user ? this.withDevices(user) : null;
  }

  /** A user with the devices that ring for it. */
  async withDevices(user: UserRow): Promise<UserData> {
    const k = this.kept;
    if (k) {
      // Its own device first, then the devices assigned to it, then those it may use; 20 at most.
      const ranked = new Map<number, { d: DirectoryDevice; rank: number }>();
      const add = (d: DirectoryDevice | undefined, rank: number) => {
        if (!d || d.account === '') return;
        const had = ranked.get(d.id);
        if (!had || had.rank > rank) ranked.set(d.id, { d, rank });
      };
      if (user.deviceId !== null) add(k.devices.get(user.deviceId), 0);
      for (const d of k.devicesOfUser.get(user.id) ?? []) add(d, 1);
      for (const id of k.usable.get(user.id) ?? []) add(k.devices.get(id), 2);
      const devices = [...ranked.values()]
        .sort((a, b) => a.rank - b.rank || a.d.id - b.d.id)
        .slice(0, 20)
        .map(({ d }) => ({ id: d.id, account: d.account, name: d.name, userActive: true }));
      return { ...user, devices };
    }
    // Its own device first, then the devices assigned to it, then those it may use.
    const devices = await queryRows<DeviceData & { rank: number }>(
      this.db,
      sql`select d.id, d.account, d.name, true as "userActive",
          min(case when d.id = ${user.deviceId} then 0 when d.user_id = ${user.id} then 1 else 2 end) as rank
        from devices d left join user_devices ud on ud.device_id = d.id and ud.user_id = ${user.id}
        where d.domain_id = ${this.domainId} and d.account <> ''
          and (d.id = ${user.deviceId} or d.user_id = ${user.id} or ud.user_id is not null)
        group by d.id, d.account, d.name order by rank, d.id limit 20`,
    );
    return { ...user, devices: devices.map(({ rank: _rank, ...d }) => d) };
  }

  /** A SIP gateway by id or name (any case). */
  gateway(ref: EndpointRef): Promise<GatewayData | null> {
    const k = this.kept;
    if (k) {
      const found = byRef(ref, { id: (id) => k.gateways.get(id), name: (n) => k.gatewayByName.get(n.toLowerCase()) });
      return Promise.resolve(found ?? null);
    }
    const where = byRef(ref, { id: (id) => sql`id = ${id}`, name: (name) => sql`lower(name) = lower(${name})` });
    if (!where) return Promise.resolve(null);
    return this.one<GatewayData>(sql`select id, name, enable, register, host, proxy, account, ipacl
      from sip_gateways where domain_id = ${this.domainId} and ${where} limit 1`);
  }

  calendar(name: string): Promise<CalendarData | null> {
    return this.one<CalendarData>(sql`select timezone, start_at as "startAt", end_at as "endAt", accepts, excepts
      from calendars where domain_id = ${this.domainId} and lower(name) = lower(${name}) order by id limit 1`);
  }

  async inBlacklist(list: string, number: string): Promise<boolean | null> {
    const found = await this.one<{ hit: boolean }>(sql`select exists (
        select 1 from blacklist_numbers n where n.list_id = b.id and lower(n.number) = lower(${number})
          and (n.expire_at is null or n.expire_at > now())) as hit
      from blacklists b where b.domain_id = ${this.domainId} and lower(b.name) = lower(${list})`);
    return found ? found.hit : null;
  }

  /** The enabled dialplan rules in order, with their flows. */
  dialplan() {
    return queryRows<DialplanRule>(
      this.db,
      sql`select r.id, r.name, r.pattern, f.id as "flowId", f.name as "flowName", f.type as "flowType", f.schema
        from dialplan r join flows f on f.id = r.flow_id
        where r.domain_id = ${this.domainId} and not r.disabled order by r.position, r.id`,
    );
  }

  /** The domain's name, for the flow runner. */
  async domainName(): Promise<string> {
    if (this.kept) return this.kept.domainName;
    return (await this.one<{ name: string }>(sql`select name from domains where id = ${this.domainId}`))?.name ?? '';
  }

  /** The calling gateway, with its inbound flow. */
  callingGateway(id: number) {
    return this.one<{
      id: number;
      name: string;
      enable: boolean;
      flowId: number | null;
      flowName: string | null;
      flowType: string | null;
      schema: unknown;
    }>(
      sql`select g.id, g.name, g.enable, f.id as "flowId", f.name as "flowName", f.type as "flowType", f.schema
        from sip_gateways g left join flows f on f.id = g.schema_id and f.domain_id = g.domain_id
        where g.domain_id = ${this.domainId} and g.id = ${id}`,
    );
  }
}
