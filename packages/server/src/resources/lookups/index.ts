import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { blacklistsResource } from './blacklists/blacklists.js';
import { blacklistNumbersResource } from './blacklists/numbers.js';
import { calendarsResource } from './calendars.js';
import { communicationTypesResource } from './communication-types.js';
import { mediaResource, registerMediaRoutes } from './media/media.js';
import { skillsResource } from './skills.js';
import { registerTimezoneRoute } from './timezones.js';

/** Lookups with a binding of their own; the simple ones are served from their definition and table. */
export const lookups: ServerArea = {
  resources: [
    mediaResource,
    calendarsResource,
    skillsResource,
    blacklistsResource,
    blacklistNumbersResource,
    communicationTypesResource,
  ],
  async register(app: FastifyInstance) {
    await registerMediaRoutes(app);
    registerTimezoneRoute(app);
  },
};
