import { RESOURCES } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { contactCenter } from './contact-center/index.js';
import { derivedResource } from './derived.js';
import { directory } from './directory/index.js';
import type { ServerArea } from './engine/area.js';
import type { ServerResource } from './engine/define.js';
import { registerImportRoutes } from './imports/routes.js';
import { integrations } from './integrations/index.js';
import { lookups } from './lookups/index.js';
import { permissions } from './permissions/index.js';
import { routing } from './routing/index.js';
import { system } from './system/index.js';

/** The areas, each collecting its own resources and routes (`<area>/index.ts`). */
const AREAS: readonly ServerArea[] = [directory, routing, lookups, contactCenter, integrations, permissions, system];

const BOUND = AREAS.flatMap((area) => area.resources);

/**
 * Every model resource the server serves: those an area binds by hand, then every other declared
 * one from its definition and its table (see `derivedResource`).
 */
export const SERVER_RESOURCES: readonly ServerResource[] = [
  ...BOUND,
  ...RESOURCES.filter((def) => !BOUND.some((r) => r.compiled.def.name === def.name)).map(derivedResource),
];

/** Registers the generic resources of every area, then the routes special to some of them. */
export async function registerResources(app: FastifyInstance) {
  for (const resource of SERVER_RESOURCES) resource.register(app);
  for (const area of AREAS) await area.register(app);
  // The upload route of every resource that declared an importer, and the imports' own routes.
  await registerImportRoutes(app);
}
