import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './writer.js';

describe('maskSecrets', () => {
  it('hides secret values at any depth and leaves the rest', () => {
    expect(
      maskSecrets({
        name: 'Bot',
        password: 'p',
        metadata: { token: 't', url: 'https://x', apiKey: '' },
        accounts: [{ accessToken: 'a', name: 'Page' }],
      }),
    ).toEqual({
      name: 'Bot',
      password: MASK,
      metadata: { token: MASK, url: 'https://x', apiKey: '' },
      accounts: [{ accessToken: MASK, name: 'Page' }],
    });
  });

  it('hides keys, client secrets and a settings key, and keeps a variable named key', () => {
    expect(
      maskSecrets({
        properties: { key: 'k', region: 'eu', privateKey: 'p' },
        clientSecret: 'c',
        accessKey: 'a',
        variables: [{ key: 'colour', value: 'blue' }],
        enabled: true,
        password: null,
      }),
    ).toEqual({
      properties: { key: MASK, region: 'eu', privateKey: MASK },
      clientSecret: MASK,
      accessKey: MASK,
      variables: [{ key: 'colour', value: 'blue' }],
      enabled: true,
      password: null,
    });
  });
});
