import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { cognitiveProfilesResource } from './cognitive/cognitive-profiles.js';
import { emailProfilesResource } from './email/email-profiles.js';
import { registerEmailRoutes } from './email/routes.js';
import { importTemplatesResource } from './import-templates/import-templates.js';
import './import-templates/member-import.js';
import { registerImportTemplateRoutes } from './import-templates/routes.js';
import { registerStorageRoutes } from './storage/routes.js';
import { storageProfilesResource } from './storage/storage-profiles.js';
import { registerTriggerRoutes } from './triggers/routes.js';
import { triggerRunsResource, triggersResource } from './triggers/triggers.js';

export const integrations: ServerArea = {
  resources: [
    storageProfilesResource,
    cognitiveProfilesResource,
    emailProfilesResource,
    importTemplatesResource,
    triggersResource,
    triggerRunsResource,
  ],
  register(app: FastifyInstance) {
    registerStorageRoutes(app);
    registerEmailRoutes(app);
    registerTriggerRoutes(app);
    registerImportTemplateRoutes(app);
  },
};
