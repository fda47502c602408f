import type { ResourceDef } from '../resource.js';
import { emailProfiles } from './email-profiles.js';
import { storageProfiles } from './storage-profiles.js';

export * from './email-profiles.js';
export * from './storage-profiles.js';

/** The integrations area's resources, in the order of its navigation. */
export const integrationsResources: readonly ResourceDef[] = [storageProfiles, emailProfiles];
