import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiError, HttpError, keyedError } from '../core/errors.js';

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>Switchboard</title></head>
<body><h1>Switchboard</h1><p>The console is not built yet: run <code>npm run build -w packages/web</code>.
The API is served under <a href="/api/docs">/api</a>.</p></body></html>`;

/**
 * GET /config.json and the console: files of the web build, and index.html for any other path
 * outside /api so the console's own router handles it.
 */
export async function staticRoutes(app: FastifyInstance) {
  const { webDist, apps } = app.ctx.config;
  app.get('/config.json', { config: { guard: 'public' }, schema: { hide: true } }, async () => ({
    apiBase: '/api',
    apps,
  }));

  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: webDist, serve: false });

  app.get('/*', { config: { guard: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const url = consolePath(request.url.split('?')[0]);
    if (url === '/api' || url.startsWith('/api/')) {
      const none = keyedError(404, 'app.not_found', 'routeNotFound', { method: request.method, path: url });
      return reply.status(404).send(apiError(404, none.id, none.message, undefined, none));
    }
    if (!built) return reply.type('text/html').send(PLACEHOLDER);
    const file = path.join(webDist, path.normalize(url));
    if (file.startsWith(webDist + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = url.startsWith('/assets/');
      return reply.sendFile(path.relative(webDist, file), { immutable, maxAge: immutable ? '365d' : 0 });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/** Console paths are short and readable; longer ones are no screen, and NULs and broken escapes no path. */
const MAX_PATH = 2048;

function consolePath(raw: string): string {
  if (raw.length > MAX_PATH)
    throw new HttpError(414, 'app.request.uri_too_long', `A path is at most ${MAX_PATH} characters.`);
  let url: string;
  try {
    url = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'app.request.bad_path', 'The path has a malformed %-escape.');
  }
  if (url.includes('\0')) throw new HttpError(400, 'app.request.bad_path', 'The path holds a NUL character.');
  return url;
}
