import type { ServerArea } from '../engine/area.js';
import { resourceGroupResourcesResource, resourceGroupsResource } from './resource-groups.js';
import { resourceDisplaysResource, resourcesResource } from './resources.js';

/** The contact center's resources and resource groups, with their sub-lists. */
export const contactCenter: ServerArea = {
  resources: [resourcesResource, resourceDisplaysResource, resourceGroupsResource, resourceGroupResourcesResource],
  register() {},
};
