import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { variantProblems } from '../resource.js';
import { chatGateways, providerMetadata, randomChatUri } from './chat-gateways.js';
import { isSipAccount, sipGateways } from './sip-gateways.js';

describe('SIP gateways', () => {
  it('reads SIP accounts', () => {
    expect(isSipAccount('sip:1001@pbx.example.com')).toBe(true);
    expect(isSipAccount('1001@10.0.0.1:5060')).toBe(true);
    expect(isSipAccount('1001')).toBe(false);
    expect(isSipAccount('sip:1001@bad host')).toBe(false);
  });

  it('requires what each variant needs, on the record as stored', () => {
    const variants = sipGateways.variants!;
    const base = { account: '', proxy: '', host: '' };
    expect(variantProblems(variants, { ...base, register: true }, null).map((p) => p.field)).toEqual([
      'account',
      'proxy',
      'password',
    ]);
    const stored = { passwordSet: true };
    expect(variantProblems(variants, { ...base, register: true, account: 'a@b.c', proxy: 'b.c' }, stored)).toEqual([]);
    expect(variantProblems(variants, { ...base, register: false, proxy: 'b.c' }, null)).toEqual([
      { field: 'host', message: messages.required },
    ]);
    expect(variantProblems(variants, { ...base, register: 'yes' }, null)).toEqual([
      { field: 'register', message: `${messages.oneOf} true, false` },
    ]);
  });

  it('fills the spec defaults', () => {
    const v = sipGateways.input.parse({ name: 'gw', ipacl: [{ ip: '1.2.3.4' }] });
    expect(v).toMatchObject({ enable: true, expires: 600, ipacl: [{ ip: '1.2.3.4', proto: 'any', port: null }] });
    const bad = sipGateways.input.safeParse({ name: 'gw', ipacl: [{ ip: '1.2.3' }], expires: 31 });
    expect(bad.success).toBe(false);
  });
});

describe('chat gateways', () => {
  it('makes a uri of a slash and 31 lowercase letters', () => {
    expect(randomChatUri()).toMatch(/^\/[a-z]{31}$/);
    expect(randomChatUri(() => 0)).toBe(`/${'a'.repeat(31)}`);
  });

  const problems = (record: Record<string, unknown>, stored: Record<string, unknown> | null = null) =>
    variantProblems(chatGateways.variants!, record, stored);

  it('requires each provider its settings, from its variant', () => {
    expect(problems({ provider: 'gotd', metadata: { apiId: 'x', apiHash: '' } })).toEqual([
      { field: 'metadata.apiHash', message: messages.required },
      { field: 'metadata.apiId', message: messages.numeric },
    ]);
    expect(problems({ provider: 'telegram', metadata: { token: 't' } })).toEqual([]);
    expect(
      problems({ provider: 'messenger', metadata: { clientId: 'c', clientSecret: 's', instagramComments: 'yes' } }),
    ).toEqual([{ field: 'metadata.instagramComments', message: 'Should be true or false' }]);
  });

  it('takes a stored secret for a required one left empty', () => {
    expect(problems({ provider: 'telegram', metadata: { token: '' } }, { secretsSet: ['token'] })).toEqual([]);
    expect(problems({ provider: 'telegram', metadata: {} }, { secretsSet: [] })).toEqual([
      { field: 'metadata.token', message: messages.required },
    ]);
  });

  it('starts a provider from its settings and defaults', () => {
    expect(providerMetadata('viber')).toEqual({
      token: '',
      botName: '',
      'btn.back.color': '#1d2733',
      'btn.font.color': '#ffffff',
    });
    expect(providerMetadata('messenger')).toEqual({
      clientId: '',
      clientSecret: '',
      instagramComments: 'false',
      instagramMentions: 'false',
    });
  });
});
