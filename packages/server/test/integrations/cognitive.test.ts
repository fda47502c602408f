import net from 'node:net';
import { cognitiveMessages, messages } from '@switchboard/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { makeActor, setRbac, unique } from '../resources/helpers.js';
import {
  type CognitiveStandin,
  STANDIN_TRANSCRIPT,
  standinWav,
  startCognitiveStandin,
} from '../support/cognitive-standin.mjs';

const PATH = '/api/storage/cognitive_profiles';
const TTS = '/api/storage/media/tts';

describe.each(drivers())('cognitive profiles on %s', (driver) => {
  let s: TestServer;
  let token: string;
  let standin: CognitiveStandin;
  beforeAll(async () => {
    standin = await startCognitiveStandin();
    // A short time-out: the stand-in never answers the key `slow`.
    s = await startTestServer({ driver, config: { cognitive: { ...standin.config, timeoutMs: 500 } } });
    token = s.adminToken;
  });
  afterAll(async () => {
    await s?.close();
    await standin?.close();
  });

  const create = (body: Record<string, unknown>, as = token) => s.request('POST', PATH, { token: as, body });
  const microsoft = (more: Record<string, unknown> = {}, properties: Record<string, string> = {}) => ({
    name: unique('ms '),
    provider: 'microsoft',
    service: 'tts',
    properties: { key: standin.microsoftKey, region: 'westeurope', ...properties },
    ...more,
  });
  const google = (more: Record<string, unknown> = {}, properties: Record<string, string> = {}) => ({
    name: unique('google '),
    provider: 'google',
    service: 'tts',
    properties: { key: standin.googleKey, ...properties },
    ...more,
  });
  const made = async (body: Record<string, unknown>) => {
    const res = await create(body);
    if (res.status !== 201) throw new Error(`profile: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string };
  };
  async function upload(bytes: Buffer, name: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), name);
    const res = await fetch(`${s.url}/api/storage/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { id: number; mimeType: string };
  }

  describe('validation per provider', () => {
    it.each([
      [
        'microsoft without key and region',
        { provider: 'microsoft', properties: {} },
        'properties.key',
        messages.required,
      ],
      [
        'microsoft without region',
        { provider: 'microsoft', properties: { key: 'k' } },
        'properties.region',
        messages.required,
      ],
      [
        'microsoft with a region that is no host name',
        { provider: 'microsoft', properties: { key: 'k', region: 'west europe/x' } },
        'properties.region',
        cognitiveMessages.region,
      ],
      ['google without key', { provider: 'google', properties: {} }, 'properties.key', messages.required],
      [
        'google with an unknown locale',
        { provider: 'google', properties: { key: 'k', locale: 'xx-YY' } },
        'properties.locale',
        expect.stringContaining(messages.oneOf),
      ],
      ['no provider', { properties: {} }, 'provider', messages.required],
      ['an unknown provider', { provider: 'amazon' }, 'provider', expect.stringContaining(messages.oneOf)],
    ])('refuses %s', async (_rule, body, field, message) => {
      const res = await create({ name: unique('p'), service: 'tts', ...body });
      expect(res.status).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ field, message }));
    });

    it('needs a name and a service', async () => {
      const res = await create({ name: '', provider: 'google', properties: { key: 'k' } });
      expect(res.status).toBe(400);
      const named = res.body.fields.map((f: { field: string }) => f.field);
      expect(named).toEqual(expect.arrayContaining(['name', 'service']));
    });
  });

  it('never answers the key, says whether one is set, and keeps it on an update without it', async () => {
    const res = await create(microsoft({}, { locale: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ enabled: true, default: false, keySet: true, description: '' });
    expect(res.body.properties).toEqual({ region: 'westeurope', locale: '' });
    expect(JSON.stringify(res.body)).not.toContain(standin.microsoftKey);
    const id = res.body.id as number;
    // A new profile without a locale takes en-US.
    expect((await create(google())).body.properties).toEqual({ locale: 'en-US' });

    const put = await s.request('PUT', `${PATH}/${id}`, {
      token,
      body: {
        name: res.body.name,
        provider: 'microsoft',
        service: 'tts',
        properties: { region: 'northeurope', key: '' },
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ keySet: true, properties: { region: 'northeurope' } });
    const listed = await s.request('GET', PATH, { token, query: { id, fields: ['id', 'properties', 'keySet'] } });
    expect(JSON.stringify(listed.body)).not.toContain(standin.microsoftKey);
    // The stored key still reaches the provider.
    const tts = await s.request('POST', TTS, { token, body: { name: unique('kept'), text: 'kept', profile: id } });
    expect(tts.status).toBe(201);
    expect(standin.calls.at(-1)).toMatchObject({ provider: 'microsoft', region: 'northeurope', text: 'kept' });

    // Switching to Google without a key: the stored one counts.
    const patched = await s.request('PATCH', `${PATH}/${id}`, { token, body: { provider: 'google', properties: {} } });
    expect(patched.status).toBe(200);
    expect(patched.body.keySet).toBe(true);
  });

  it('keeps one default per service: setting one clears the other of the same service only', async () => {
    const a = await made(microsoft({ default: true }));
    const stt = await made(google({ service: 'stt', default: true }));
    const b = await made(google({ default: true }));
    const read = async (id: number) => (await s.request('GET', `${PATH}/${id}`, { token })).body;
    expect((await read(a.id)).default).toBe(false);
    expect((await read(b.id)).default).toBe(true);
    expect((await read(stt.id)).default).toBe(true);
    // The inline toggle (PATCH) moves it back.
    expect((await s.request('PATCH', `${PATH}/${a.id}`, { token, body: { default: true } })).body.default).toBe(true);
    expect((await read(b.id)).default).toBe(false);
    // Changing the service of a default takes the default of the new service.
    expect((await s.request('PATCH', `${PATH}/${a.id}`, { token, body: { service: 'stt' } })).status).toBe(200);
    expect((await read(stt.id)).default).toBe(false);
    const defaults = await s.request('GET', PATH, { token, query: { size: 100, sort: '-default' } });
    const perService = (defaults.body.items as { default: boolean; service: string }[]).filter((i) => i.default);
    expect(perService.map((i) => i.service).sort()).toEqual(['stt']);
  });

  describe('text-to-speech through the providers', () => {
    it.each([
      ['microsoft', () => microsoft({}, { locale: 'ru-RU' })],
      ['google', () => google({}, { locale: 'uk-UA' })],
    ])('%s: the media file is a WAV the provider spoke', async (provider, body) => {
      const profile = await made(body());
      const name = unique(`${provider} speech `);
      const res = await s.request('POST', TTS, { token, body: { name, text: 'Добрий день <&>', profile: profile.id } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name, mimeType: 'audio/wav' });
      const call = standin.calls.at(-1);
      expect(call).toMatchObject({ provider, service: 'tts', text: 'Добрий день <&>' });
      if (provider === 'microsoft') {
        expect(call).toMatchObject({ region: 'westeurope', locale: 'ru-RU', voice: 'ru-RU-SvetlanaNeural' });
      } else expect(call?.locale).toBe('uk-UA');
      const played = await fetch(`${s.url}/api/storage/media/${res.body.id}/stream?access_token=${token}`);
      const bytes = Buffer.from(await played.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.length).toBe(res.body.size);
    });

    it('lists the enabled TTS profiles beside the local engine, default first', async () => {
      const off = await made(google({ enabled: false }));
      const stt = await made(google({ service: 'stt' }));
      const dflt = await made(microsoft({ default: true }));
      const status = await s.request('GET', TTS, { token });
      expect(status.status).toBe(200);
      const ids = (status.body.profiles as { id: number }[]).map((p) => p.id);
      expect(ids[0]).toBe(dflt.id);
      expect(ids).not.toContain(off.id);
      expect(ids).not.toContain(stt.id);
      expect(status.body.profiles[0]).toEqual({
        id: dflt.id,
        name: dflt.name,
        provider: 'microsoft',
        default: true,
        locale: 'en-US',
      });
    });

    it('refuses a disabled profile and a speech-to-text one, naming the field', async () => {
      const off = await made(google({ enabled: false }));
      const disabled = await s.request('POST', TTS, { token, body: { name: 'x', text: 'x', profile: off.id } });
      expect(disabled.status).toBe(400);
      expect(disabled.body.detail).toBe(`The cognitive profile ${off.name} is disabled.`);
      expect(disabled.body.fields).toContainEqual(expect.objectContaining({ field: 'profile' }));
      const stt = await made(google({ service: 'stt' }));
      const wrong = await s.request('POST', TTS, { token, body: { name: 'x', text: 'x', profile: stt.id } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toBe(`The cognitive profile ${stt.name} is not a text-to-speech profile.`);
      const missing = await s.request('POST', TTS, { token, body: { name: 'x', text: 'x', profile: 99999999 } });
      expect(missing.status).toBe(404);
    });

    it('says clearly when the provider refuses the key, refuses the request or does not answer', async () => {
      const before = (await s.request('GET', '/api/storage/media', { token, query: { size: 1000 } })).body.items.length;
      const badMs = await made(microsoft({}, { key: 'wrong' }));
      const ms = await s.request('POST', TTS, { token, body: { name: 'x', text: 'x', profile: badMs.id } });
      expect(ms.status).toBe(502);
      expect(ms.body.detail).toBe(
        `The Microsoft speech service refused the key of the profile ${badMs.name}: check its key and region.`,
      );
      const badGoogle = await made(google({}, { key: 'wrong' }));
      const g = await s.request('POST', TTS, { token, body: { name: 'x', text: 'x', profile: badGoogle.id } });
      expect(g.status).toBe(502);
      expect(g.body.key).toBe('errors.cognitiveKeyRefused');
      const quota = await s.request('POST', TTS, {
        token,
        body: { name: 'x', text: 'over [quota]', profile: (await made(microsoft())).id },
      });
      expect(quota.status).toBe(502);
      expect(quota.body.detail).toMatch(
        /^The Microsoft speech service refused the request of the profile .*: 429 Too many requests: the quota/,
      );
      const googleQuota = await made(google());
      const gq = await s.request('POST', TTS, { token, body: { name: 'x', text: '[quota]', profile: googleQuota.id } });
      expect(gq.body.detail).toBe(
        `The Google speech service refused the request of the profile ${googleQuota.name}: 429 Quota exceeded for quota metric.`,
      );
      const slow = await made(google({}, { key: 'slow' }));
      const timedOut = await s.request('POST', TTS, { token, body: { name: 'x', text: 'x', profile: slow.id } });
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.detail).toBe(
        `The Google speech service did not answer the profile ${slow.name} within 1 s.`,
      );
      // Nothing was stored on any of these failures.
      const after = (await s.request('GET', '/api/storage/media', { token, query: { size: 1000 } })).body.items.length;
      expect(after).toBe(before);
    });

    it('says so when the provider cannot be reached', async () => {
      // A port nothing listens on: taken, then given back.
      const probe = net.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const port = (probe.address() as net.AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      const other = await startTestServer({
        driver,
        config: { cognitive: { ...standin.config, googleTtsUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 } },
      });
      try {
        const profile = (await other.request('POST', PATH, { token: other.adminToken, body: google() })).body;
        const res = await other.request('POST', TTS, {
          token: other.adminToken,
          body: { name: 'x', text: 'x', profile: profile.id },
        });
        expect(res.status).toBe(502);
        expect(res.body.detail).toMatch(
          /^The Google speech service cannot be reached for the profile .*: Could not connect to the server\.$/,
        );
      } finally {
        await other.close();
      }
    });
  });

  describe('speech-to-text of a media file', () => {
    it.each([
      ['microsoft', () => microsoft({ service: 'stt' }, { locale: 'de-DE' })],
      ['google', () => google({ service: 'stt' }, { locale: 'pl-PL' })],
    ])('%s: answers what the provider heard', async (provider, body) => {
      const profile = await made(body());
      const file = await upload(standinWav(500, 8000), 'hello.wav');
      const res = await s.request('POST', `/api/storage/media/${file.id}/transcript`, {
        token,
        body: { profile: profile.id },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ text: STANDIN_TRANSCRIPT });
      expect(standin.calls.at(-1)).toMatchObject({ provider, service: 'stt', bytes: standinWav(500, 8000).length });
      const status = await s.request('GET', '/api/storage/media/transcript', { token });
      expect((status.body.profiles as { id: number }[]).map((p) => p.id)).toContain(profile.id);
    });

    it('refuses a text-to-speech profile and a file that is not WAV', async () => {
      const file = await upload(standinWav(), 'x.wav');
      const tts = await made(google());
      const wrong = await s.request('POST', `/api/storage/media/${file.id}/transcript`, {
        token,
        body: { profile: tts.id },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.key).toBe('errors.cognitiveNotStt');
      const missing = await s.request('POST', '/api/storage/media/99999999/transcript', {
        token,
        body: { profile: 1 },
      });
      expect(missing.status).toBe(404);
      const noProfile = await s.request('POST', `/api/storage/media/${file.id}/transcript`, { token, body: {} });
      expect(noProfile.status).toBe(400);
      expect(noProfile.body.fields).toContainEqual(expect.objectContaining({ field: 'profile' }));
    });
  });

  describe('rights', () => {
    it('TTS needs media create and profile read; transcribe media read and profile read', async () => {
      const profile = await made(google());
      const sttProfile = await made(google({ service: 'stt' }));
      const file = await upload(standinWav(), 'rights.wav');
      const body = { name: unique('r'), text: 'x', profile: profile.id };

      const noProfileRight = await makeActor(s, token, { grants: { media_file: 'rx' } });
      const refused = await s.request('POST', TTS, { token: noProfileRight.token, body });
      expect(refused.status).toBe(403);
      expect(refused.body.key).toBe('errors.classRight');
      const status = await s.request('GET', TTS, { token: noProfileRight.token });
      expect(status.body.profiles).toEqual([]);
      const stt = await s.request('POST', `/api/storage/media/${file.id}/transcript`, {
        token: noProfileRight.token,
        body: { profile: sttProfile.id },
      });
      expect(stt.status).toBe(403);

      const noMediaCreate = await makeActor(s, token, { grants: { media_file: 'r', cognitive_profile: 'r' } });
      expect((await s.request('POST', TTS, { token: noMediaCreate.token, body })).status).toBe(403);
      const heard = await s.request('POST', `/api/storage/media/${file.id}/transcript`, {
        token: noMediaCreate.token,
        body: { profile: sttProfile.id },
      });
      expect(heard.status).toBe(200);

      const noMediaRead = await makeActor(s, token, { grants: { cognitive_profile: 'r' } });
      const blind = await s.request('POST', `/api/storage/media/${file.id}/transcript`, {
        token: noMediaRead.token,
        body: { profile: sttProfile.id },
      });
      expect(blind.status).toBe(403);

      const allowed = await makeActor(s, token, { grants: { media_file: 'rx', cognitive_profile: 'r' } });
      expect((await s.request('POST', TTS, { token: allowed.token, body })).status).toBe(201);
      // Writing profiles needs the class's own rights.
      expect((await create(google(), allowed.token)).status).toBe(403);
    });

    it('with record checks on, only profiles whose record the caller may read are offered and used', async () => {
      const actor = await makeActor(s, token, { grants: { media_file: 'rx', cognitive_profile: 'r' } });
      const shared = await made(google());
      const hidden = await made(google());
      await setRbac(s, token, 'cognitive_profile', true);
      try {
        const acl = await s.request('PATCH', `${PATH}/${shared.id}/acl`, {
          token,
          body: [{ grantee: { id: actor.roleId }, grants: 'r' }],
        });
        expect(acl.status).toBe(200);
        const offered = (await s.request('GET', TTS, { token: actor.token })).body.profiles as { id: number }[];
        expect(offered.map((p) => p.id)).toContain(shared.id);
        expect(offered.map((p) => p.id)).not.toContain(hidden.id);
        const refused = await s.request('POST', TTS, {
          token: actor.token,
          body: { name: 'x', text: 'x', profile: hidden.id },
        });
        expect(refused.status).toBe(403);
        const spoken = await s.request('POST', TTS, {
          token: actor.token,
          body: { name: unique('acl'), text: 'x', profile: shared.id },
        });
        expect(spoken.status).toBe(201);
      } finally {
        await setRbac(s, token, 'cognitive_profile', false);
      }
    });

    it('keeps profiles within their domain', async () => {
      const profile = await made(google());
      const other = (await s.createDomain(unique('tenant'))).adminToken;
      expect((await s.request('GET', `${PATH}/${profile.id}`, { token: other })).status).toBe(404);
      const res = await s.request('POST', TTS, { token: other, body: { name: 'x', text: 'x', profile: profile.id } });
      expect(res.status).toBe(404);
    });
  });
});
