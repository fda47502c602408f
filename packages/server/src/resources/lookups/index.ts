import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { blacklistsResource } from './blacklists/blacklists.js';
import { blacklistNumbersResource } from './blacklists/numbers.js';
import { bucketsResource } from './buckets.js';
import { calendarsResource } from './calendars.js';
import { communicationTypesResource } from './communication-types.js';
import { mediaResource, registerMediaRoutes } from './media/media.js';
import { pauseCausesResource } from './pause-causes.js';
import { regionsResource } from './regions.js';
import { skillsResource } from './skills.js';
import { registerTimezoneRoute } from './timezones.js';

export const lookups: ServerArea = {
  resources: [
    mediaResource,
    calendarsResource,
    regionsResource,
    skillsResource,
    bucketsResource,
    blacklistsResource,
    blacklistNumbersResource,
    communicationTypesResource,
    pauseCausesResource,
  ],
  async register(app: FastifyInstance) {
    await registerMediaRoutes(app);
    registerTimezoneRoute(app);
  },
};
