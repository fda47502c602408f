// The contact-center area's resources and resource groups: their definitions and the lists every
// part serves (the server's routes, the console's screens, the generated tests).
import type { ResourceDef } from '../resource.js';
import { resourceGroupResources, resourceGroups } from './resource-groups.js';
import { resourceDisplays, resources } from './resources.js';

export * from './error-ids.js';
export * from './resource-groups.js';
export * from './resources.js';
export * from './time-ranges.js';

/** The area's resources the engine serves (flat; nested ones are listed with `NESTED_RESOURCES`). */
export const contactCenterResources: readonly ResourceDef[] = [resources, resourceGroups];

/** Resources served under a record of another. */
export const contactCenterNested: readonly ResourceDef[] = [resourceDisplays, resourceGroupResources];
