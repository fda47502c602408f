import { type NavSection, navOf } from '../nav-entry.js';
import { cognitiveProfiles } from './cognitive-profiles.js';
import { storageProfiles } from './storage-profiles.js';

/**
 * Screens of the spec not defined yet: each entry says so inside the console. Defining the
 * resource replaces its entry here with `navOf(definition, key)`.
 */
export const integrationsNav: NavSection = {
  area: 'integrations',
  entries: [
    navOf(storageProfiles, 'storage'),
    navOf(cognitiveProfiles, 'cognitiveProfiles'),
    { key: 'emailProfiles', route: '/integrations/email-profiles', cls: 'email_profile' },
    { key: 'importCsv', route: '/integrations/import-csv', cls: 'import_template' },
    { key: 'triggers', route: '/integrations/triggers', cls: 'trigger' },
  ],
};
