import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { cognitiveProfilesResource } from './cognitive/cognitive-profiles.js';
import { registerStorageRoutes } from './storage/routes.js';
import { storageProfilesResource } from './storage/storage-profiles.js';

export const integrations: ServerArea = {
  resources: [storageProfilesResource, cognitiveProfilesResource],
  register(app: FastifyInstance) {
    registerStorageRoutes(app);
  },
};
