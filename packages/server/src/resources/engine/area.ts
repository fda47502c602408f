import type { FastifyInstance } from 'fastify';
import type { ServerResource } from './define.js';

/**
 * What one area serves: its model resources (generic routes) and the routes special to some of
 * them. `resources/index.ts` collects the areas, so adding a resource edits its area's file only.
 */
export type ServerArea = {
  resources: readonly ServerResource[];
  register(app: FastifyInstance): void | Promise<void>;
};
