import {
  agentSkills,
  agents,
  queueMembers,
  queues,
  resourceDisplays,
  resourceGroupResources,
  resourceGroups,
  resources,
  teams,
} from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { editor, guarded, nestedRoutes, resourceRoutes, screen } from '../../app/resource-routes';
import { queueSubListRoutes } from './queues/sub-list-routes';

const AgentsList = screen(() => import('./agents/AgentsList'), 'AgentsList');
const AgentEdit = screen(() => import('./agents/AgentEdit'), 'AgentEdit');
const TeamEdit = screen(() => import('./teams/TeamEdit'), 'TeamEdit');
const ResourceEdit = screen(() => import('./resources/ResourceEdit'), 'ResourceEdit');
const ResourceGroupEdit = screen(() => import('./resource-groups/ResourceGroupEdit'), 'ResourceGroupEdit');
const MembersList = screen(() => import('./queue-members/MembersList'), 'MembersList');
const MemberEdit = screen(() => import('./queue-members/MemberEdit'), 'MemberEdit');
const GroupResourceEdit = screen(() => import('./resource-groups/GroupResourceEdit'), 'GroupResourceEdit');
const QueueEdit = screen(() => import('./queues/QueueEdit'), 'QueueEdit');
const QueuesList = screen(() => import('./queues/QueuesList'), 'QueuesList');

/** Contact-center routes, relative to the admin layout; each screen loads on demand. */
export const routes: RouteObject[] = [
  ...resourceRoutes(agents, { list: AgentsList, edit: AgentEdit }),
  ...nestedRoutes(agentSkills),
  ...resourceRoutes(teams, { edit: TeamEdit }),
  ...resourceRoutes(resources, { edit: ResourceEdit }),
  ...nestedRoutes(resourceDisplays),
  ...resourceRoutes(resourceGroups, { edit: ResourceGroupEdit }),
  ...nestedRoutes(resourceGroupResources, { edit: GroupResourceEdit }),
  ...resourceRoutes(queues, { list: QueuesList, edit: QueueEdit }),
  ...queueSubListRoutes(),
  // Members of a queue (spec part 2 section 2): queues/{queueId}/members, members/new, members/{id}.
  { path: 'contact-center/queues/:parentId/members', element: guarded(queueMembers, MembersList) },
  { path: 'contact-center/queues/:parentId/members/:id', element: editor(queueMembers, MemberEdit) },
];
