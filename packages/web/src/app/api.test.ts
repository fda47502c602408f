import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, api, configureApi } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('reports a network failure, but not a call the screen cancelled', async () => {
    const onError = vi.fn();
    configureApi('/api', { onUnauthorized: () => {}, onError });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/devices')).rejects.toBeInstanceOf(ApiFailure);
    expect(onError).toHaveBeenCalledTimes(1);
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/devices', { signal: controller.signal })).rejects.toBeInstanceOf(ApiFailure);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
