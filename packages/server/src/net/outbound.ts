import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { type ErrorKey, errorDetail } from '@switchboard/model';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher, fetch as undiciFetch } from 'undici';

/**
 * The one outbound policy of every connection a domain's settings cause (an S3 endpoint, IMAP
 * and SMTP hosts, a speech region): a destination is checked on the address it RESOLVES to, and
 * the connection is then made to that very address, so a name cannot resolve to a public address
 * for the check and to an inside one for the connection. Loopback, link-local, private,
 * unique-local, carrier-grade NAT, multicast, unspecified and reserved addresses (and their
 * IPv4-mapped IPv6 forms) are refused unless the operator's allow list (OUTBOUND_ALLOW) names
 * them. URLs the operator sets by environment (FLOW_RUNNER_URL, GRAPH_API_URL, the storage and
 * speech provider URLs) are the operator's choice and are not checked.
 */

/** One entry of OUTBOUND_ALLOW: an address range or a host name (`*.lan` for its sub-domains), any port or one. */
export type AllowRule =
  | { kind: 'range'; text: string; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; port: number | null }
  | { kind: 'host'; text: string; host: string; subdomains: boolean; port: number | null };

/** Answers the addresses of a name, like `dns.lookup(name, {all: true})`; tests pass a stub. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export type OutboundOptions = { allow: AllowRule[]; resolver?: Resolver };

const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

/** A connection the policy refused; `code` lets callers tell it from a network failure. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUND';
  constructor(
    readonly host: string,
    readonly port: number,
    readonly address: string,
    readonly range: string,
  ) {
    super(`outbound connection to ${host}:${port} (${address}, ${range}) refused by the outbound policy`);
    this.name = 'OutboundRefusedError';
  }
}

const bare = (host: string) =>
  host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

function parsePort(text: string, entry: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`OUTBOUND_ALLOW: "${entry}" has a bad port (1 to 65535)`);
  }
  return port;
}

/**
 * Reads OUTBOUND_ALLOW: comma-separated entries, each an address (`127.0.0.1`, `::1`), a range
 * (`127.0.0.0/8`, `fd00::/8`) or a host name (`mail.lan`, `*.lan`), with an optional port
 * (`127.0.0.1:9000`, `[::1]:993`, `mail.lan:143`). A bad entry stops the start-up.
 */
export function parseOutboundAllow(text: string | undefined): AllowRule[] {
  const rules: AllowRule[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    let target = entry;
    let port: number | null = null;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracketed) {
      target = bracketed[1] ?? '';
      if (bracketed[2]) port = parsePort(bracketed[2], entry);
    } else if ((entry.match(/:/g) ?? []).length === 1) {
      const at = entry.lastIndexOf(':');
      target = entry.slice(0, at);
      port = parsePort(entry.slice(at + 1), entry);
    }
    if (target.includes('/')) {
      try {
        rules.push({ kind: 'range', text: entry, range: ipaddr.parseCIDR(target), port });
      } catch {
        throw new Error(`OUTBOUND_ALLOW: "${entry}" is not an address range like 10.0.0.0/8`);
      }
    } else if (ipaddr.isValid(target)) {
      const ip = normalise(ipaddr.parse(target));
      rules.push({ kind: 'range', text: entry, range: [ip, ip.kind() === 'ipv4' ? 32 : 128], port });
    } else {
      const subdomains = target.startsWith('*.');
      const host = bare(subdomains ? target.slice(2) : target);
      if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) {
        throw new Error(`OUTBOUND_ALLOW: "${entry}" is not an address, range or host name`);
      }
      rules.push({ kind: 'host', text: entry, host, subdomains, port });
    }
  }
  return rules;
}

/** IPv4-mapped (`::ffff:a.b.c.d`) and IPv4-compatible (`::a.b.c.d`) forms are judged as the IPv4 address. */
function normalise(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (ip.kind() !== 'ipv6') return ip;
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const parts = v6.parts;
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1)) {
    return ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  return v6;
}

/** The special range an address falls in (`loopback`, `private`, ...), or null for a public unicast address. */
export function specialRange(address: string): string | null {
  const ip = normalise(ipaddr.parse(address));
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

const portMatches = (rule: AllowRule, port: number) => rule.port === null || rule.port === port;

function hostAllowed(host: string, port: number, allow: AllowRule[]): boolean {
  return allow.some(
    (r) => r.kind === 'host' && portMatches(r, port) && (r.subdomains ? host.endsWith(`.${r.host}`) : r.host === host),
  );
}

function addressAllowed(address: string, port: number, allow: AllowRule[]): boolean {
  const ip = normalise(ipaddr.parse(address));
  return allow.some(
    (r) => r.kind === 'range' && portMatches(r, port) && r.range[0].kind() === ip.kind() && ip.match(r.range),
  );
}

/**
 * The policy's decision on one resolved address of `host`: null when it may be reached, else the
 * range that refuses it.
 */
export function decide(host: string, address: string, port: number, allow: AllowRule[]): string | null {
  const range = specialRange(address);
  if (range === null) return null;
  if (hostAllowed(bare(host), port, allow) || addressAllowed(address, port, allow)) return null;
  return range;
}

/**
 * Resolves `host` once and answers the address to connect to. Every address the name resolves
 * to must pass (a name that answers one inside address is refused as a whole), so which address
 * a client would pick does not matter.
 */
export async function resolveOutbound(
  host: string,
  port: number,
  options: OutboundOptions,
): Promise<{ address: string; family: number }> {
  const name = bare(host);
  const family = net.isIP(name);
  const addresses = family ? [{ address: name, family }] : await (options.resolver ?? systemResolver)(name);
  if (addresses.length === 0) throw Object.assign(new Error(`${name} has no address`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    const refused = decide(name, address, port, options.allow);
    if (refused) throw new OutboundRefusedError(name, port, address, refused);
  }
  return addresses[0] as { address: string; family: number };
}

/** What a connection names for TLS (SNI and the certificate check): the host name, never an address. */
export const serverNameOf = (host: string) => (net.isIP(bare(host)) ? undefined : bare(host));

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

const dispatchers = new WeakMap<AllowRule[], Dispatcher>();

/**
 * An HTTP dispatcher whose every connection (the first and each redirect's) goes through the
 * policy and is made to the checked address.
 */
export function outboundDispatcher(options: OutboundOptions): Dispatcher {
  const cached = options.resolver ? undefined : dispatchers.get(options.allow);
  if (cached) return cached;
  const connect = buildConnector({});
  const agent = new Agent({
    connect: (opts, callback) => {
      const port = Number(opts.port) || defaultPort(opts.protocol);
      resolveOutbound(opts.hostname, port, options).then(
        ({ address }) =>
          connect({ ...opts, hostname: address, servername: opts.servername ?? serverNameOf(opts.hostname) }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
  if (!options.resolver) dispatchers.set(options.allow, agent);
  return agent;
}

/** `fetch` under the policy. */
export function outboundFetch(url: string | URL, init: RequestInit, options: OutboundOptions): Promise<Response> {
  return undiciFetch(url, {
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: outboundDispatcher(options),
  }) as unknown as Promise<Response>;
}

type Oncreate = (error: Error | null, socket?: net.Socket) => void;
type CreateConnection = (
  options: http.ClientRequestArgs & { servername?: string },
  oncreate: Oncreate,
) => net.Socket | undefined;

/**
 * Node HTTP(S) agents under the policy (for clients that take an agent, such as the S3 client):
 * each socket is opened to the checked address; TLS still names and verifies the host.
 */
export function outboundAgents(options: OutboundOptions): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const wrap = <A extends http.Agent>(agent: A, protocol: string): A => {
    const base = (agent as unknown as { createConnection: CreateConnection }).createConnection.bind(agent);
    (agent as unknown as { createConnection: CreateConnection }).createConnection = (opts, oncreate) => {
      const host = opts.host ?? opts.hostname ?? 'localhost';
      const port = Number(opts.port) || defaultPort(protocol);
      resolveOutbound(host, port, options).then(
        ({ address }) => {
          try {
            const socket = base(
              { ...opts, host: address, servername: opts.servername ?? serverNameOf(host) } as never,
              oncreate,
            );
            if (socket) oncreate(null, socket);
          } catch (error) {
            oncreate(error as Error);
          }
        },
        (error: Error) => oncreate(error),
      );
      return undefined;
    };
    return agent;
  };
  return { httpAgent: wrap(new http.Agent(), 'http:'), httpsAgent: wrap(new https.Agent(), 'https:') };
}

/** The policy's refusal somewhere in an error's causes, or null. */
export function refusalOf(error: unknown): OutboundRefusedError | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 8; depth++) {
    if (e instanceof OutboundRefusedError) return e;
    if ((e as { code?: string }).code === 'EOUTBOUND') return e as OutboundRefusedError;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** What a domain administrator is told of a failed connection: a kind, never the remote's words. */
export type FailureKind = 'policy' | 'connect' | 'answer' | 'signIn';

export const FAILURE_KEYS: Record<FailureKind, ErrorKey> = {
  policy: 'outboundPolicy',
  connect: 'outboundConnect',
  answer: 'outboundAnswer',
  signIn: 'outboundSignIn',
};

/** A failed test's answer: the English text and the key the console translates. */
export const failureOf = (kind: FailureKind | ErrorKey): { ok: false; detail: string; key: string } => {
  const key = kind in FAILURE_KEYS ? FAILURE_KEYS[kind as FailureKind] : (kind as ErrorKey);
  return { ok: false, detail: errorDetail(key), key: `errors.${key}` };
};
