import type { FastifyRequest } from 'fastify';

/** A path parameter of the request as sent (absent: undefined). */
export function pathParam(request: FastifyRequest, name: string): string | undefined {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const value: unknown = Reflect.get(params, name);
  return typeof value === 'string' ? value : undefined;
}
