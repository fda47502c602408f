import type { NavSection } from '../nav-entry.js';
import { navOf } from '../nav-entry.js';
import { blacklists } from './blacklists.js';
import { buckets } from './buckets.js';
import { calendars } from './calendars.js';
import { communicationTypes } from './communication-types.js';
import { media } from './media.js';
import { pauseCauses } from './pause-causes.js';
import { regions } from './regions.js';
import { skills } from './skills.js';

export const lookupsNav: NavSection = {
  area: 'lookups',
  entries: [
    navOf(skills, 'skills'),
    navOf(buckets, 'buckets'),
    navOf(blacklists, 'blacklist'),
    navOf(media, 'media'),
    navOf(calendars, 'calendars'),
    navOf(communicationTypes, 'communications'),
    navOf(regions, 'regions'),
    navOf(pauseCauses, 'pauseCause'),
  ],
};
