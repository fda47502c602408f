// The lookups area in one place: its definitions, the ones every part serves (the server's
// routes, the console's screens, the generated tests) and its navigation entries. A new lookup is
// its definition file and its lines here.
import { type NavSection, navOf } from '../nav-entry.js';
import type { ResourceDef } from '../resource.js';
import { blacklistNumbers, blacklists } from './blacklists.js';
import { buckets } from './buckets.js';
import { calendars } from './calendars.js';
import { communicationTypes } from './communication-types.js';
import { media } from './media.js';
import { pauseCauses } from './pause-causes.js';
import { regions } from './regions.js';
import { skills } from './skills.js';

export * from './blacklists.js';
export * from './buckets.js';
export * from './calendars.js';
export * from './communication-types.js';
export * from './ics.js';
export * from './media.js';
export * from './pause-causes.js';
export * from './regions.js';
export * from './skills.js';
export * from './timezones.js';

/** The area's resources the engine serves (flat; nested ones are listed with `NESTED_RESOURCES`). */
export const lookupsResources: readonly ResourceDef[] = [
  calendars,
  regions,
  skills,
  buckets,
  blacklists,
  communicationTypes,
  pauseCauses,
];

/** Resources served under a record of another. */
export const lookupsNested: readonly ResourceDef[] = [blacklistNumbers];

/** The area's navigation, in the spec's order; an entry's label is `nav.entries.<key>`. */
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
