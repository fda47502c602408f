import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decide,
  OutboundRefusedError,
  outboundFetch,
  parseOutboundAllow,
  type Resolver,
  refusalOf,
  resolveOutbound,
} from './outbound.js';

/** A resolver stub: names answer the addresses given, nothing is looked up or connected. */
const stub =
  (table: Record<string, string[]>): Resolver =>
  async (host) =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the outbound policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'rfc6052'],
  ])('refuses a name resolving to %s (%s) by default', async (address, range) => {
    const resolver = stub({ 'inside.example': [address] });
    const refused = await resolveOutbound('inside.example', 443, { allow: [], resolver }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutboundRefusedError);
    expect(refused).toMatchObject({ range, address });
    // An address written as the host is judged the same way.
    expect(decide(address, address, 443, [])).toBe(range);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:93.184.216.34'])(
    'lets %s through',
    async (address) => {
      const resolver = stub({ 'public.example': [address] });
      expect(await resolveOutbound('public.example', 443, { allow: [], resolver })).toEqual({
        address,
        family: address.includes(':') ? 6 : 4,
      });
    },
  );

  it('refuses a name when any of its addresses is inside, and connects to the address it checked', async () => {
    const resolver = stub({ 'mixed.example': ['93.184.216.34', '10.0.0.7'], 'two.example': ['8.8.8.8', '8.8.4.4'] });
    await expect(resolveOutbound('mixed.example', 993, { allow: [], resolver })).rejects.toThrow(OutboundRefusedError);
    expect((await resolveOutbound('two.example', 993, { allow: [], resolver })).address).toBe('8.8.8.8');
  });

  it('takes the allow list: addresses, ranges, host names, sub-domains and ports', async () => {
    const allow = parseOutboundAllow('127.0.0.1:9000, 10.0.0.0/8, [::1]:993, mail.lan:143, *.corp.lan, fd00::/8');
    const resolver = stub({ 'mail.lan': ['192.168.5.5'], 'x.corp.lan': ['192.168.7.7'], 'corp.lan': ['192.168.7.8'] });
    const reach = (host: string, port: number) =>
      resolveOutbound(host, port, { allow, resolver }).then(
        () => true,
        () => false,
      );
    expect(await reach('127.0.0.1', 9000)).toBe(true);
    expect(await reach('127.0.0.1', 5432)).toBe(false);
    expect(await reach('::ffff:127.0.0.1', 9000)).toBe(true);
    expect(await reach('10.200.0.1', 22)).toBe(true);
    expect(await reach('::1', 993)).toBe(true);
    expect(await reach('::1', 143)).toBe(false);
    expect(await reach('mail.lan', 143)).toBe(true);
    expect(await reach('MAIL.LAN.', 143)).toBe(true);
    expect(await reach('mail.lan', 25)).toBe(false);
    expect(await reach('x.corp.lan', 25)).toBe(true);
    expect(await reach('corp.lan', 25)).toBe(false);
    expect(await reach('fd00::5', 1)).toBe(true);
    expect(await reach('169.254.169.254', 80)).toBe(false);
  });

  it('refuses a bad allow list entry, naming it', () => {
    expect(() => parseOutboundAllow('127.0.0.1:99999')).toThrow('"127.0.0.1:99999" has a bad port');
    expect(() => parseOutboundAllow('10.0.0.0/99')).toThrow('"10.0.0.0/99" is not an address range');
    expect(() => parseOutboundAllow('bad host!')).toThrow('"bad host!" is not an address, range or host name');
    expect(parseOutboundAllow(' , ')).toEqual([]);
  });

  describe('over HTTP, with real listeners on loopback', () => {
    let target: http.Server;
    let redirector: http.Server;
    let targetHits = 0;
    const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
    beforeAll(async () => {
      target = http.createServer((_req, res) => {
        targetHits++;
        res.end('inside');
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
      redirector = http.createServer((_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${portOf(target)}/secret` }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise((resolve) => target.close(resolve));
      await new Promise((resolve) => redirector.close(resolve));
    });

    it('refuses a listener on 127.0.0.1 by default and reaches it when the allow list names it', async () => {
      const url = `http://127.0.0.1:${portOf(target)}/`;
      const refused = await outboundFetch(url, {}, { allow: [] }).catch((e: unknown) => e);
      expect(refusalOf(refused)).toBeInstanceOf(OutboundRefusedError);
      expect(targetHits).toBe(0);
      const allowed = await outboundFetch(url, {}, { allow: parseOutboundAllow(`127.0.0.1:${portOf(target)}`) });
      expect(await allowed.text()).toBe('inside');
      expect(targetHits).toBe(1);
    });

    it('checks each redirect: one to a refused address is refused', async () => {
      const hits = targetHits;
      const allow = parseOutboundAllow(`127.0.0.1:${portOf(redirector)}`);
      const refused = await outboundFetch(`http://127.0.0.1:${portOf(redirector)}/`, {}, { allow }).catch(
        (e: unknown) => e,
      );
      expect(refusalOf(refused)?.port).toBe(portOf(target));
      expect(targetHits).toBe(hits);
    });
  });
});
