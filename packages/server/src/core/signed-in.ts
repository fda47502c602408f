import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from './errors.js';
import type { Guard, Principal } from './principal.js';

/**
 * The request of a route whose guard resolves a caller: its principal, and its params, query and
 * body typed from the route's zod schemas (the validator compiler has checked them).
 */
export type SignedInRequest<S extends FastifySchema = FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
> & { principal: Principal };

/** Every guard that signs a caller in: not 'public', not 'telephony'. */
export type SignedInGuard = Exclude<Guard, 'public' | 'telephony'>;

/** A route of a signed-in caller: its guard resolves one, its handler gets a SignedInRequest. */
export type SignedInRoute<S extends FastifySchema> = Omit<RouteOptions, 'schema' | 'config' | 'handler'> & {
  config: Omit<FastifyContextConfig, 'guard'> & { guard: SignedInGuard };
  schema: S;
  handler: (request: SignedInRequest<S>, reply: FastifyReply) => unknown;
};

/**
 * Registers a signed-in route. The guard has resolved the caller before the handler runs; a
 * request that reaches it without one still answers 401.
 */
export function signedInRoute<S extends FastifySchema>(app: FastifyInstance, route: SignedInRoute<S>): void {
  const { handler } = route;
  app.route({
    ...route,
    handler: (request, reply) => handler(asSignedIn<S>(request), reply),
  } as RouteOptions);
}

/** The request with its caller, or 401 (a route whose guard let it through without one). */
export function asSignedIn<S extends FastifySchema = FastifySchema>(request: FastifyRequest): SignedInRequest<S> {
  if (!request.principal) throw unauthorized();
  return request as unknown as SignedInRequest<S>;
}
