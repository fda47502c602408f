import type { ResourceDef } from '../resource.js';
import { cognitiveProfiles } from './cognitive-profiles.js';
import { storageProfiles } from './storage-profiles.js';

export * from './cognitive-profiles.js';
export * from './storage-profiles.js';

/** The integrations area's resources, in the order of its navigation. */
export const integrationsResources: readonly ResourceDef[] = [storageProfiles, cognitiveProfiles];
