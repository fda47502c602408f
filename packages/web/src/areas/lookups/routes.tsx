import { blacklistNumbers, blacklists, calendars, media, skillAgents, skills } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { guarded, nestedRoutes, resourceRoutes, screen } from '../../app/resource-routes';

const CalendarsList = screen(() => import('./calendars/CalendarsList'), 'CalendarsList');
const CalendarEdit = screen(() => import('./calendars/CalendarEdit'), 'CalendarEdit');
const MediaList = screen(() => import('./media/MediaList'), 'MediaList');
const SkillEdit = screen(() => import('./skills/SkillEdit'), 'SkillEdit');
const BlacklistEdit = screen(() => import('./blacklist/BlacklistEdit'), 'BlacklistEdit');

/**
 * Lookups routes, relative to the admin layout; each screen loads on demand. A lookup on the generic
 * screens needs no line here (see `areas/routes.tsx`).
 */
export const routes: RouteObject[] = [
  { path: 'lookups/media', element: guarded(media, MediaList) },
  ...resourceRoutes(skills, { edit: SkillEdit }),
  ...nestedRoutes(skillAgents),
  ...resourceRoutes(blacklists, { edit: BlacklistEdit }),
  ...nestedRoutes(blacklistNumbers),
  ...resourceRoutes(calendars, { list: CalendarsList, edit: CalendarEdit }),
];
