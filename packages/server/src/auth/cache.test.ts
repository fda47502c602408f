import { describe, expect, it } from 'vitest';
import type { Principal } from '../core/principal.js';
import { loadOnce } from './cache.js';

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
