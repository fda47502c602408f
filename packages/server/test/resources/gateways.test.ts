import {
  defaultWebchat,
  messages,
  RESOURCES,
  VIBER_BTN_BACK_COLOR,
  VIBER_BTN_FONT_COLOR,
  webchatToMetadata,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { type GraphStandin, STANDIN_CODE, startGraphStandin } from '../support/graph-standin.mjs';
import { makeFlow } from './fixture-flows.js';
import { fixtureOf } from './fixtures.js';
import { makeActor, unique } from './helpers.js';

/** A 24x24 PNG: signature and IHDR are all the header check reads. */
function png(width: number, height: number): string {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return `data:image/png;base64,${Buffer.from(b).toString('base64')}`;
}

describe.each(drivers())('gateways on %s', (driver) => {
  let s: TestServer;
  let token: string;
  let graph: GraphStandin;
  let chatFlow: { id: number };
  beforeAll(async () => {
    graph = await startGraphStandin();
    s = await startTestServer({
      driver,
      config: { graphApiUrl: graph.url, graphDialogUrl: 'https://dialog.test/oauth' },
    });
    token = s.adminToken;
    chatFlow = { id: await makeFlow(s, token, 'chat') };
  });
  /** A telegram gateway on the suite's chat flow: what these tests change, they say. */
  const chat = (prefix: string) => ({
    name: unique(prefix),
    flow: chatFlow,
    provider: 'telegram',
    metadata: { token: '123:abc' },
    updates: { title: 'Hello', close: 'Bye', join: 'joined', left: 'left' },
  });
  afterAll(async () => {
    await s?.close();
    await graph?.close();
  });

  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await s.request('POST', path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  describe('chat gateways', () => {
    it('makes a uri of "/" and 31 lowercase letters, enabled false, and keeps a given uri', async () => {
      const made = await post('/api/chat/bots', chat('uri'));
      expect(made.uri).toMatch(/^\/[a-z]{31}$/);
      expect(made.enabled).toBe(false);
      expect(made.flow).toEqual({ id: chatFlow.id, name: expect.stringContaining('fixture chat') });
      const other = await post('/api/chat/bots', chat('uri'));
      expect(other.uri).not.toBe(made.uri);
      // A PUT with an empty uri keeps the gateway's.
      const put = await s.request('PUT', `/api/chat/bots/${made.id}`, {
        token,
        body: { ...chat('uri2'), uri: '' },
      });
      expect(put.body.uri).toBe(made.uri);
      const given = await post('/api/chat/bots', { ...chat('own'), uri: '/our-bot' });
      expect(given.uri).toBe('/our-bot');
    });

    it('never answers provider secrets, keeps them on updates that leave them empty, and masks them in the log', async () => {
      await s.request('POST', '/api/logger/config', { token, body: { object: 'chat_gateways', enabled: true } });
      const made = await post('/api/chat/bots', {
        ...chat('sec'),
        metadata: { token: '999:very-secret-bot-token' },
      });
      expect(made.metadata).toEqual({});
      expect(made.secretsSet).toEqual(['token']);
      const read = await s.request('GET', `/api/chat/bots/${made.id}`, { token });
      const list = await s.request('GET', '/api/chat/bots', { token, query: { q: 'sec*' } });
      for (const answer of [read.body, list.body]) expect(JSON.stringify(answer)).not.toContain('very-secret');
      // The console sends the secret back empty: the stored one stays, and it is still required nowhere else.
      const renamed = await s.request('PUT', `/api/chat/bots/${made.id}`, {
        token,
        body: { ...chat('sec2'), metadata: { token: '' } },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await s.request('PATCH', `/api/chat/bots/${made.id}`, { token, body: { enabled: true } })).status).toBe(
        200,
      );
      const [stored] = await queryRows<{ token: string }>(
        s.ctx.db,
        sql`select metadata->>'token' as token from chat_gateways where id = ${made.id}`,
      );
      expect(stored.token).toBe('999:very-secret-bot-token');
      const log = await queryRows<{ state: string }>(
        s.ctx.db,
        sql`select coalesce(new_state::text, '') || coalesce(old_state::text, '') as state from logger_entries
            where object = 'chat_gateways' and record_id = ${made.id}`,
      );
      expect(log.length).toBeGreaterThan(0);
      for (const entry of log) expect(entry.state).not.toContain('very-secret');
      // A new gateway still needs its secret.
      const missing = await s.request('POST', '/api/chat/bots', {
        token,
        body: { ...chat('sec3'), metadata: { token: '' } },
      });
      expect(missing.body.fields).toEqual([{ field: 'metadata.token', message: messages.required }]);
    });

    it('keeps uris unique per domain: another tenant may use the same one, and learns nothing of it', async () => {
      const uri = `/${unique('shared').toLowerCase()}`;
      await post('/api/chat/bots', { ...chat('g'), uri });
      const other = await s.createDomain(unique('dom').toLowerCase());
      // A flow of the first domain is unknown in the other.
      const foreign = await s.request('POST', '/api/chat/bots', {
        token: other.adminToken,
        body: { ...chat('g'), uri: '/elsewhere' },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.fields).toMatchObject([
        { field: 'flow', message: 'No such flow exists.', key: 'errors.noSuchRef' },
      ]);
      const flow = await s.request('POST', '/api/routing/schema', {
        token: other.adminToken,
        body: { name: 'other chat flow', type: 'chat', schema: [] },
      });
      expect(flow.status).toBe(201);
      const res = await s.request('POST', '/api/chat/bots', {
        token: other.adminToken,
        body: { ...chat('g'), flow: { id: flow.body.id }, uri },
      });
      expect(res.status).toBe(201);
      // Within one domain a uri stays unique.
      const twice = await s.request('POST', '/api/chat/bots', {
        token,
        body: { ...chat('g'), uri },
      });
      expect(twice.status).toBe(409);
      expect(twice.body.fields[0].field).toBe('uri');
    });

    it('runs a chat flow only, and a flow a gateway uses cannot be deleted', async () => {
      const voice = await s.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique('voice flow'), type: 'voice', schema: [] },
      });
      const wrong = await s.request('POST', '/api/chat/bots', {
        token,
        body: { ...chat('vf'), flow: { id: voice.body.id } },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields[0]).toMatchObject({
        field: 'flow',
        message: 'The flow must be of type chat.',
        key: 'errors.refFilter',
      });
      const flow = await s.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique('chat flow'), type: 'chat', schema: [] },
      });
      const made = await post('/api/chat/bots', {
        ...chat('used'),
        flow: { id: flow.body.id },
      });
      const del = await s.request('DELETE', `/api/routing/schema/${flow.body.id}`, { token });
      expect(del.status).toBe(409);
      expect(del.body.detail).toContain(made.name);
      // A SIP gateway's inbound flow is a voice flow; deleting it leaves the gateway without one.
      const sip = await post('/api/sip/gateways', {
        ...fixtureOf(RESOURCES.find((d) => d.name === 'sipGateways')!).create!('in'),
        schema: { id: voice.body.id },
      });
      expect(sip.schema).toEqual({ id: voice.body.id, name: voice.body.name });
      expect((await s.request('DELETE', `/api/routing/schema/${voice.body.id}`, { token })).status).toBe(200);
      expect((await s.request('GET', `/api/sip/gateways/${sip.id}`, { token })).body.schema).toBeNull();
    });

    it('toggles enabled by PATCH and leaves the rest alone', async () => {
      const made = await post('/api/chat/bots', chat('tog'));
      const on = await s.request('PATCH', `/api/chat/bots/${made.id}`, { token, body: { enabled: true } });
      expect(on.status).toBe(200);
      expect(on.body).toEqual({ ...made, enabled: true, updatedAt: on.body.updatedAt });
      const off = await s.request('PATCH', `/api/chat/bots/${made.id}`, { token, body: { enabled: false } });
      expect(off.body.enabled).toBe(false);
    });

    it('stores viber colours under btn.back.color and btn.font.color with their defaults', async () => {
      const made = await post('/api/chat/bots', {
        ...chat('vb'),
        provider: 'viber',
        metadata: { token: 'vt', botName: 'Bot' },
      });
      // The bot token is stored, never answered.
      expect(made.metadata).toEqual({
        botName: 'Bot',
        'btn.back.color': VIBER_BTN_BACK_COLOR,
        'btn.font.color': VIBER_BTN_FONT_COLOR,
      });
      expect(made.secretsSet).toEqual(['token']);
    });

    it('keeps messenger flags as text booleans and refuses anything else', async () => {
      const made = await post('/api/chat/bots', {
        ...chat('ms'),
        provider: 'messenger',
        metadata: { clientId: 'c', clientSecret: 's', instagramComments: 'true' },
      });
      expect(made.metadata).toEqual({
        clientId: 'c',
        instagramComments: 'true',
        instagramMentions: 'false',
      });
      expect(made.secretsSet).toEqual(['clientSecret']);
      const bad = await s.request('POST', '/api/chat/bots', {
        token,
        body: {
          ...chat('ms'),
          provider: 'messenger',
          metadata: { clientId: 'c', clientSecret: 's', instagramComments: 'yes' },
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields[0].field).toBe('metadata.instagramComments');
    });

    it('round-trips web chat settings exactly: comma-joined origins, seconds with s, bytes, JSON text', async () => {
      const values = defaultWebchat();
      values.allowOrigin = ['https://a.example', 'https://b.example'];
      values.readTimeout = 45;
      values.writeTimeout = 2;
      values.handshakeTimeout = 12;
      values.mediaMaxSize = 5 * 1024 * 1024;
      values.view = { ...values.view, lang: 'ru', position: 'left', accentColor: '#ff0000', logoUrl: png(24, 24) };
      values.chat = { ...values.chat, openTimeout: 15, url: 'https://chat.example' };
      values.alternativeChannels.viber = { url: 'viber://pa?chatURI=acme', enabled: true };
      const metadata = webchatToMetadata(values);
      const made = await post('/api/chat/bots', {
        ...chat('wc'),
        provider: 'webchat',
        metadata,
      });
      const read = await s.request('GET', `/api/chat/bots/${made.id}`, { token });
      expect(read.body.metadata).toEqual(metadata);
      expect(read.body.metadata).toMatchObject({
        allowOrigin: 'https://a.example,https://b.example',
        readTimeout: '45s',
        writeTimeout: '2s',
        handshakeTimeout: '12s',
        mediaMaxSize: '5242880',
      });
      for (const key of ['view', 'chat', 'appointment', 'alternativeChannels']) {
        expect(typeof read.body.metadata[key]).toBe('string');
      }
      expect(JSON.parse(read.body.metadata.view).lang).toBe('ru');
      // The typed values a form reads back are the ones it sent.
      const { webchatFromMetadata } = await import('@switchboard/model');
      expect(webchatFromMetadata(read.body.metadata)).toEqual(values);
    });

    it('fills a new web chat gateway with the spec defaults', async () => {
      const made = await post('/api/chat/bots', { ...chat('wd'), provider: 'webchat' });
      expect(made.metadata).toMatchObject({
        readTimeout: '30s',
        writeTimeout: '1s',
        handshakeTimeout: '10s',
        mediaMaxSize: '10485760',
        allowOrigin: '',
      });
      expect(JSON.parse(made.metadata.appointment)).toMatchObject({ enabled: false, duration: '30m', days: 3 });
      expect(JSON.parse(made.metadata.chat)).toMatchObject({ enabled: true, timeoutIsActive: false });
    });

    it('refuses a web chat logo that is not a 24x24 JPEG or PNG', async () => {
      const metadata = webchatToMetadata(defaultWebchat());
      for (const logoUrl of [png(32, 24), 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'data:image/png;base64,AAAA']) {
        const view = JSON.stringify({ ...defaultWebchat().view, logoUrl });
        const res = await s.request('POST', '/api/chat/bots', {
          token,
          body: { ...chat('logo'), provider: 'webchat', metadata: { ...metadata, view } },
        });
        expect(res.status, logoUrl).toBe(400);
        expect(res.body.fields[0]).toEqual({ field: 'metadata.view.logoUrl', message: messages.logo });
      }
    });
  });

  describe('messenger pages against the Graph stand-in', () => {
    const clientId = 'app-42';
    let uri: string;
    let id: number;
    const hook = (query: Record<string, unknown>, as = token) =>
      s.request('GET', `/api/chat/hook${uri}`, { token: as, query });

    beforeAll(async () => {
      const made = await post('/api/chat/bots', {
        ...chat('fb'),
        provider: 'messenger',
        metadata: { clientId, clientSecret: 'app-secret' },
      });
      uri = made.uri;
      id = made.id;
    });

    const setupState = async (kind: 'pages' | 'whatsapp') =>
      new URL((await hook({ [kind]: 'setup' })).body.url).searchParams.get('state') as string;

    it('answers a setup link of the dialog with the client id and our return address', async () => {
      const res = await hook({ pages: 'setup' });
      expect(res.status).toBe(200);
      const link = new URL(res.body.url);
      expect(link.origin + link.pathname).toBe('https://dialog.test/oauth');
      expect(link.searchParams.get('client_id')).toBe(clientId);
      // The return address comes from PUBLIC_URL, whatever Host the request named.
      expect(link.searchParams.get('redirect_uri')).toBe(`${s.ctx.config.publicUrl}/api/chat/setup${uri}?kind=pages`);
      const forged = await s.request('GET', `/api/chat/hook${uri}`, {
        token,
        query: { pages: 'setup' },
        headers: { 'x-forwarded-host': 'attacker.example', host: 'attacker.example' },
      });
      expect(new URL(forged.body.url).searchParams.get('redirect_uri')).not.toContain('attacker');
      expect(link.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    });

    it('stores nothing from a dialog return without the state an administrator started, or with a spent one', async () => {
      const noState = await fetch(`${s.url}/api/chat/setup${uri}?kind=pages&code=${STANDIN_CODE}`, {
        redirect: 'manual',
      });
      expect(noState.status).toBe(400);
      expect(((await noState.json()) as { id: string }).id).toBe('app.chatGateways.setup_state');
      const state = await setupState('pages');
      const wrongKind = await fetch(`${s.url}/api/chat/setup${uri}?kind=whatsapp&code=${STANDIN_CODE}&state=${state}`, {
        redirect: 'manual',
      });
      expect(wrongKind.status).toBe(400);
      expect((await hook({ pages: '' })).body.items).toEqual([]);
    });

    it('stores the granted pages when the dialog returns, then subscribes and unsubscribes one', async () => {
      const state = await setupState('pages');
      const back = await fetch(`${s.url}/api/chat/setup${uri}?kind=pages&code=${STANDIN_CODE}&state=${state}`, {
        redirect: 'manual',
      });
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe(`/routing/chat-gateways/${id}`);
      // A state is good once.
      const again = await fetch(`${s.url}/api/chat/setup${uri}?kind=pages&code=${STANDIN_CODE}&state=${state}`, {
        redirect: 'manual',
      });
      expect(again.status).toBe(400);

      const listed = await hook({ pages: '' });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.items).toEqual([
        { id: '1002', name: 'Acme Sales', subscribed: false, instagram: null },
        {
          id: '1001',
          name: 'Acme Support',
          subscribed: false,
          instagram: { id: '17841400000000001', username: 'acme.support' },
        },
      ]);

      const sub = await hook({ pages: 'subscribe', id: '1001' });
      expect(sub.status).toBe(200);
      expect(graph.subscriptions.get('1001')?.has(clientId)).toBe(true);
      expect(sub.body.items.find((p: { id: string }) => p.id === '1001').subscribed).toBe(true);
      expect((await hook({ pages: '' })).body.items.find((p: { id: string }) => p.id === '1001').subscribed).toBe(true);
      const insta = await hook({ instagram: '' });
      expect(insta.body.items).toEqual([
        {
          id: '17841400000000001',
          username: 'acme.support',
          page: { id: '1001', name: 'Acme Support' },
          subscribed: true,
        },
      ]);

      const unsub = await hook({ pages: 'unsubscribe', id: '1001' });
      expect(unsub.status).toBe(200);
      expect(graph.subscriptions.get('1001')?.has(clientId)).toBe(false);
      expect(unsub.body.items.every((p: { subscribed: boolean }) => !p.subscribed)).toBe(true);
      expect((await hook({ pages: 'subscribe', id: '999' })).status).toBe(404);
    });

    it('lists, subscribes, unsubscribes and removes (with ack=true) WhatsApp accounts with their numbers', async () => {
      const setup = await hook({ whatsapp: 'setup' });
      expect(new URL(setup.body.url).searchParams.get('scope')).toContain('whatsapp_business_management');
      const state = new URL(setup.body.url).searchParams.get('state');
      const back = await fetch(`${s.url}/api/chat/setup${uri}?kind=whatsapp&code=${STANDIN_CODE}&state=${state}`, {
        redirect: 'manual',
      });
      expect(back.status).toBe(302);
      const listed = await hook({ whatsapp: '' });
      expect(listed.body.items).toEqual([
        { id: '2001', name: 'Acme WhatsApp', phoneNumbers: ['+1 555-0100'], subscribed: false },
      ]);
      expect((await hook({ whatsapp: 'subscribe', id: '2001' })).body.items[0].subscribed).toBe(true);
      expect(graph.subscriptions.get('2001')?.has(clientId)).toBe(true);
      expect((await hook({ whatsapp: 'unsubscribe', id: '2001' })).body.items[0].subscribed).toBe(false);
      const noAck = await hook({ whatsapp: 'remove', id: '2001' });
      expect(noAck.status).toBe(400);
      expect(noAck.body.fields[0].field).toBe('ack');
      const removed = await hook({ whatsapp: 'remove', id: '2001', ack: 'true' });
      expect(removed.status).toBe(200);
      expect(removed.body.items).toEqual([]);
    });

    it('refuses a bad code with 502, changes without the edit right with 403, other domains with 404', async () => {
      const bad = await fetch(
        `${s.url}/api/chat/setup${uri}?kind=pages&code=wrong&state=${await setupState('pages')}`,
        {
          redirect: 'manual',
        },
      );
      expect(bad.status).toBe(502);
      const reader = await makeActor(s, token, { grants: { chats: 'r' } });
      expect((await hook({ pages: '' }, reader.token)).status).toBe(200);
      expect((await hook({ pages: 'subscribe', id: '1001' }, reader.token)).status).toBe(403);
      expect(graph.subscriptions.get('1001')?.has(clientId)).toBe(false);
      const nobody = await makeActor(s, token, {});
      expect((await hook({ pages: '' }, nobody.token)).status).toBe(403);
      const other = await s.createDomain(unique('dom').toLowerCase());
      expect((await hook({ pages: '' }, other.adminToken)).status).toBe(404);
    });
  });
});
