import {
  agentSkills,
  agents,
  blacklistNumbers,
  blacklists,
  calendars,
  chatGateways,
  chatplan,
  devices,
  dialplan,
  flows,
  importTemplates,
  loggerConfig,
  queues,
  type ResourceDef,
  resourceDisplays,
  resourceGroupResources,
  resourceGroups,
  resources,
  roles,
  skillAgents,
  skills,
  teams,
  triggers,
  users,
} from '@switchboard/model';
import type { ComponentType } from 'react';
import { screen } from '../app/resource-routes';

/** A resource's own screens; what it lacks, the generic list and editor serve. */
export type Screens = { list?: ComponentType; edit?: ComponentType };

/**
 * The resources with screens at their definition's route (`/new`, `/{id}` beside the list); a
 * nested resource's editor sits below its parent's editor. What a line does not name, the generic
 * list and editor serve; a resource with a form and no line here gets them too (see `routes.tsx`).
 * Each screen loads on demand.
 */
export const SCREENS: readonly (Screens & { def: ResourceDef })[] = [
  {
    def: agents,
    list: screen(() => import('./contact-center/agents/AgentsList'), 'AgentsList'),
    edit: screen(() => import('./contact-center/agents/AgentEdit'), 'AgentEdit'),
  },
  { def: agentSkills },
  { def: teams, edit: screen(() => import('./contact-center/teams/TeamEdit'), 'TeamEdit') },
  { def: resources, edit: screen(() => import('./contact-center/resources/ResourceEdit'), 'ResourceEdit') },
  { def: resourceDisplays },
  {
    def: resourceGroups,
    edit: screen(() => import('./contact-center/resource-groups/ResourceGroupEdit'), 'ResourceGroupEdit'),
  },
  {
    def: resourceGroupResources,
    edit: screen(() => import('./contact-center/resource-groups/GroupResourceEdit'), 'GroupResourceEdit'),
  },
  {
    def: queues,
    list: screen(() => import('./contact-center/queues/QueuesList'), 'QueuesList'),
    edit: screen(() => import('./contact-center/queues/QueueEdit'), 'QueueEdit'),
  },
  {
    def: users,
    list: screen(() => import('./directory/users/UsersList'), 'UsersList'),
    edit: screen(() => import('./directory/users/UserEdit'), 'UserEdit'),
  },
  {
    def: devices,
    list: screen(() => import('./directory/devices/DevicesList'), 'DevicesList'),
    edit: screen(() => import('./directory/devices/DeviceEdit'), 'DeviceEdit'),
  },
  {
    def: importTemplates,
    edit: screen(() => import('./integrations/import-templates/ImportTemplateEdit'), 'ImportTemplateEdit'),
  },
  {
    def: triggers,
    list: screen(() => import('./integrations/triggers/TriggersList'), 'TriggersList'),
    edit: screen(() => import('./integrations/triggers/TriggerEdit'), 'TriggerEdit'),
  },
  { def: skills, edit: screen(() => import('./lookups/skills/SkillEdit'), 'SkillEdit') },
  { def: skillAgents },
  { def: blacklists, edit: screen(() => import('./lookups/blacklist/BlacklistEdit'), 'BlacklistEdit') },
  { def: blacklistNumbers },
  {
    def: calendars,
    list: screen(() => import('./lookups/calendars/CalendarsList'), 'CalendarsList'),
    edit: screen(() => import('./lookups/calendars/CalendarEdit'), 'CalendarEdit'),
  },
  {
    def: roles,
    list: screen(() => import('./permissions/roles/RolesList'), 'RolesList'),
    edit: screen(() => import('./permissions/roles/RoleEdit'), 'RoleEdit'),
  },
  {
    def: flows,
    list: screen(() => import('./routing/flows/FlowsList'), 'FlowsList'),
    edit: screen(() => import('./routing/flows/FlowEdit'), 'FlowEdit'),
  },
  {
    def: dialplan,
    list: screen(() => import('./routing/dialplan/DialplanList'), 'DialplanList'),
    edit: screen(() => import('./routing/dialplan/DialplanEdit'), 'DialplanEdit'),
  },
  {
    def: chatplan,
    list: screen(() => import('./routing/chatplan/ChatplanList'), 'ChatplanList'),
    edit: screen(() => import('./routing/chatplan/ChatplanEdit'), 'ChatplanEdit'),
  },
  {
    def: chatGateways,
    list: screen(() => import('./routing/chat-gateways/ChatGatewaysList'), 'ChatGatewaysList'),
    edit: screen(() => import('./routing/chat-gateways/ChatGatewayEdit'), 'ChatGatewayEdit'),
  },
  { def: loggerConfig, edit: screen(() => import('./system/changelogs/LoggerConfigEdit'), 'LoggerConfigEdit') },
];
