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
import { doc } from './route.js';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route of a group: its zod schemas (their types reach the handler) and handler, and, where
 * it differs from its group's, its guard and the resource its validation errors name.
 */
export type GroupRoute<P, Q, B, R> = {
  params?: P;
  querystring?: Q;
  body?: B;
  response?: R;
  guard?: SignedInGuard;
  resource?: string;
  handler: (
    request: SignedInRequest<{ params: P; querystring: Q; body: B; response: R }>,
    reply: FastifyReply,
  ) => unknown;
};

/** What the routes of a group share: their OpenAPI tag, and unless a route says otherwise, guard and resource. */
export type RouteGroup = { tag: string; guard?: SignedInGuard; resource?: string };

/**
 * Signed-in hand routes that share a tag (and mostly a guard and a resource), declared as
 * `route('PATCH /api/things/:id', 'Summary', { params, body, response, handler })`.
 */
export function signedInRoutes(app: FastifyInstance, group: RouteGroup) {
  return <P = undefined, Q = undefined, B = undefined, R = undefined>(
    place: `${Method} ${string}`,
    summary: string,
    route: GroupRoute<P, Q, B, R>,
  ): void => {
    const { guard = group.guard, resource = group.resource, handler, ...parts } = route;
    if (!guard) throw new Error(`${place}: no guard`);
    const [method, url] = place.split(' ') as [Method, string];
    signedInRoute(app, {
      method,
      url,
      config: resource === undefined ? { guard } : { guard, resource },
      schema: doc(group.tag, summary, parts),
      handler: handler as SignedInRoute<FastifySchema>['handler'],
    });
  };
}
