import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, loadConfig } from './config';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('loadConfig', () => {
  it('reads the API base and the application links', async () => {
    const config = await loadConfig(answer(200, { apiBase: '/v2/api', apps: { agent: 'https://agent.example' } }));
    expect(config.apiBase).toBe('/v2/api');
    expect(config.apps.agent).toBe('https://agent.example');
    expect(config.apps.admin).toBe('/start');
  });

  it('falls back to the defaults when the file is missing, broken or unreachable', async () => {
    expect(await loadConfig(answer(404, {}))).toEqual(DEFAULT_CONFIG);
    expect(await loadConfig(answer(200, 'nonsense'))).toEqual(DEFAULT_CONFIG);
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await loadConfig(offline)).toEqual(DEFAULT_CONFIG);
  });
});
