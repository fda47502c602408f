import { type NavSection, navOf } from '../nav-entry.js';
import { cognitiveProfiles } from './cognitive-profiles.js';
import { emailProfiles } from './email-profiles.js';
import { importTemplates } from './import-templates.js';
import { storageProfiles } from './storage-profiles.js';
import { triggers } from './triggers.js';

/**
 * Screens of the spec not defined yet: each entry says so inside the console. Defining the
 * resource replaces its entry here with `navOf(definition, key)`.
 */
export const integrationsNav: NavSection = {
  area: 'integrations',
  entries: [
    navOf(storageProfiles, 'storage'),
    navOf(cognitiveProfiles, 'cognitiveProfiles'),
    navOf(emailProfiles, 'emailProfiles'),
    navOf(importTemplates, 'importCsv'),
    navOf(triggers, 'triggers'),
  ],
};
