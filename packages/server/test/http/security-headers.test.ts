import { describe, expect, it } from 'vitest';
import { useTestServer } from '../harness.js';

describe('security headers', () => {
  const s = useTestServer('pglite');

  it.each([
    ['config.json', '/config.json'],
    ['an API answer', '/api/health'],
    ['an error', '/api/no/such/route'],
    ['the API docs', '/api/docs/'],
  ])('come with %s', async (_what, path) => {
    const res = await fetch(`${s.url}${path}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('fit pages that carry no inline script (the console page is checked built, in the browser tests)', async () => {
    for (const path of ['/api/docs/']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs, body]) => !/\bsrc=/.test(attrs) && body.trim() !== '',
      );
      expect(inline, path).toEqual([]);
    }
  });
});
