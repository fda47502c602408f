import {
  groupResourceProblems,
  resourceGroupResources as groupResourcesDef,
  resourceGroups as groupsDef,
} from '@switchboard/model';
import { validationError } from '../../core/route.js';
import { ccResourceGroupResources, ccResourceGroups } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

/** Resource groups at /api/call_center/resource_group; time ranges are checked by the model schema. */
export const resourceGroupsResource = defineServerResource(groupsDef, {
  table: ccResourceGroups,
  unique: { cc_resource_groups_domain_name: 'name' },
});

/** Resources of a group; the group's class and record rights govern them. */
export const resourceGroupResourcesResource = defineServerResource(groupResourcesDef, {
  table: ccResourceGroupResources,
  unique: { cc_resource_group_resources_group_resource: 'resource' },
  beforeWrite: (body) => {
    const problems = groupResourceProblems(body as Parameters<typeof groupResourceProblems>[0]);
    if (problems.length) throw validationError(groupResourcesDef.name, problems);
  },
});
