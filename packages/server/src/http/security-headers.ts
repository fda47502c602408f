import type { FastifyInstance } from 'fastify';

/**
 * The console loads only its own scripts (the built page has no inline script); styles may be
 * inline (the UI kit sets style attributes and CSS variables); images include data: URLs (icons of
 * the API docs). Nothing may frame the console.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers on every answer: the console's pages, the API, errors and files alike. */
export function addSecurityHeaders(app: FastifyInstance) {
  // A callback hook: on every answer, no promise to make and wait for.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    done(null, payload);
  });
}
