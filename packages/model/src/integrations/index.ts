import type { ResourceDef } from '../resource.js';
import { cognitiveProfiles } from './cognitive-profiles.js';
import { emailProfiles } from './email-profiles.js';
import { importTemplates } from './import-templates.js';
import { storageProfiles } from './storage-profiles.js';
import { triggerRuns, triggers } from './triggers.js';

export * from './cognitive-profiles.js';
export * from './cron.js';
export * from './email-profiles.js';
export * from './import-templates.js';
export * from './storage-profiles.js';
export * from './triggers.js';

/** The integrations area's resources, in the order of its navigation. */
export const integrationsResources: readonly ResourceDef[] = [
  storageProfiles,
  cognitiveProfiles,
  emailProfiles,
  importTemplates,
  triggers,
];

/** Resources of the area served under a record of another. */
export const integrationsNested: readonly ResourceDef[] = [triggerRuns];
