import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { watchAuthChanges } from '../auth/cache.js';
import { ADMISSION_CONCURRENCY_PGLITE } from '../config.js';
import type { AppContext } from '../context.js';
import { registerAdmission } from '../core/admission.js';
import { answerCompiler } from '../core/answers.js';
import { apiError, errorHandler, keyedError } from '../core/errors.js';
import { validatorCompiler } from '../core/route.js';
import { startHub } from '../events/hub.js';
import { registerEventStream } from '../events/stream.js';
import { registerTelephonyRoutes } from '../events/telephony.js';
import { registerResources } from '../resources/index.js';
import { registerSipRoutes } from '../telephony/sip-routes.js';
import { authRoutes } from './auth-routes.js';
import { guardRoutes, requireGuard } from './guard.js';
import { healthRoutes } from './health.js';
import { openApiRoute, registerOpenApi } from './openapi.js';
import { addSecurityHeaders } from './security-headers.js';
import { staticRoutes } from './static.js';

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the guard audit test). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * The HTTP application: zod validation and serialisation, OpenAPI, the guard on every route, the
 * error shape, session routes, the resources, health, /config.json and the console.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 16 * 1024 * 1024,
    // A stuck client must not hold a connection for ever.
    requestTimeout: 120_000,
    // Errors met before routing (a malformed URL, a bad content type) get the usual error body too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const slug = (error.code ?? 'bad_request').replace(/^FST_ERR_(CTP_)?/, '').toLowerCase();
      const refused = keyedError(status, `app.request.${slug}`, 'badRequest', { reason: error.message });
      void (reply as FastifyReply)
        .status(status)
        .send(apiError(status, refused.id, refused.message, undefined, refused));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by their response schema's shape: a field it does not name never leaves.
  app.setSerializerCompiler(answerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('principal', null);
  // A JSON content type with no body at all (a DELETE or a logout from some clients) is no body,
  // not a malformed one; anything else goes through Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRoute', requireGuard);
  // Each route's guard runs as its own hook, after the server's onRequest hooks (admission).
  app.addHook('onRoute', guardRoutes(ctx));
  // Before the guard: authentication reads the database too.
  const { admission } = ctx.config;
  const concurrency = admission.concurrency ?? (ctx.config.databaseUrl ? 0 : ADMISSION_CONCURRENCY_PGLITE);
  if (concurrency > 0) app.decorate('admission', registerAdmission(app, { ...admission, concurrency }));
  addSecurityHeaders(app);
  // The server's own time over an answer (a bench reads it without the network's share), only
  // when the operator asks: it tells an outsider how long each check took.
  if (ctx.config.serverTiming) {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
      return payload;
    });
  }
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const none = keyedError(404, 'app.not_found', 'routeNotFound', {
      method: request.method,
      path: request.url.split('?')[0],
    });
    return reply.status(404).send(apiError(404, none.id, none.message, undefined, none));
  });

  const unwatch = await watchAuthChanges(ctx);
  app.addHook('onClose', async () => unwatch());
  const stopHub = await startHub(ctx);
  app.addHook('onClose', async () => stopHub());

  await registerOpenApi(app);
  await app.register(openApiRoute);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(registerResources);
  await app.register(registerEventStream);
  await app.register(registerTelephonyRoutes);
  await app.register(registerSipRoutes);
  await app.register(staticRoutes);
  return app;
}
