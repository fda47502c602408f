import { describe, expect, it } from 'vitest';
import type { Principal } from '../core/principal.js';
import { cachedPrincipal, cacheGeneration, loadOnce, rememberPrincipal } from './cache.js';

describe('loadOnce', () => {
  it('shares one load among concurrent callers of the same token, then loads afresh', async () => {
    const ctx = { db: {} } as Parameters<typeof loadOnce>[0];
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return null as Principal | null;
    };
    await Promise.all([loadOnce(ctx, 'a', load), loadOnce(ctx, 'a', load), loadOnce(ctx, 'b', load)]);
    expect(loads).toBe(2);
    await loadOnce(ctx, 'a', load);
    expect(loads).toBe(3);
  });
});

describe('cachedPrincipal', () => {
  it('stops answering a kept principal once its token has expired, before the entry does', () => {
    const ctx = { db: {} } as Parameters<typeof rememberPrincipal>[0];
    const now = Date.now();
    const expiring = { tokenExpiresAt: new Date(now + 1_000).toISOString() } as Principal;
    const lasting = { tokenExpiresAt: null } as Principal;
    rememberPrincipal(ctx, 'expiring', expiring, cacheGeneration(ctx));
    rememberPrincipal(ctx, 'lasting', lasting, cacheGeneration(ctx));
    expect(cachedPrincipal(ctx, 'expiring', now)).toBe(expiring);
    expect(cachedPrincipal(ctx, 'expiring', now + 1_000)).toBeNull();
    expect(cachedPrincipal(ctx, 'lasting', now + 1_000)).toBe(lasting);
  });
});
