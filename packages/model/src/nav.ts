import type { AccessClass } from './access.js';
import type { Area } from './resource.js';

/**
 * Console navigation (spec part 1 section 2 and 6). `cls` is the class whose read right shows the
 * entry; 'always' entries are shown to everyone (flow, communications and skills get full rxwd;
 * license has no class); 'systemSetting' guards objects (OBJECTS_PERMISSION) and the change logs.
 */
export type NavEntry = {
  key: string;
  route: string;
  cls: AccessClass | 'always' | 'systemSetting';
};

export const NAVIGATION: { area: Area; entries: NavEntry[] }[] = [
  {
    area: 'directory',
    entries: [
      { key: 'license', route: '/directory/license', cls: 'always' },
      { key: 'users', route: '/directory/users', cls: 'users' },
      { key: 'devices', route: '/directory/devices', cls: 'devices' },
    ],
  },
  {
    area: 'routing',
    entries: [
      { key: 'flow', route: '/routing/flow', cls: 'always' },
      { key: 'dialplan', route: '/routing/dialplan', cls: 'acr_routing' },
      { key: 'sipGateways', route: '/routing/sip-gateways', cls: 'gateways' },
      { key: 'chatplan', route: '/routing/chatplan', cls: 'acr_routing' },
      { key: 'chatGateways', route: '/routing/chat-gateways', cls: 'chats' },
    ],
  },
  {
    area: 'lookups',
    entries: [
      { key: 'skills', route: '/lookups/skills', cls: 'always' },
      { key: 'buckets', route: '/lookups/buckets', cls: 'cc_bucket' },
      { key: 'blacklist', route: '/lookups/blacklist', cls: 'cc_list' },
      { key: 'media', route: '/lookups/media', cls: 'media_file' },
      { key: 'calendars', route: '/lookups/calendars', cls: 'calendars' },
      { key: 'communications', route: '/lookups/communications', cls: 'always' },
      { key: 'regions', route: '/lookups/regions', cls: 'lookups' },
      { key: 'pauseCause', route: '/lookups/pause-cause', cls: 'lookups' },
    ],
  },
  {
    area: 'contact-center',
    entries: [
      { key: 'agents', route: '/contact-center/agents', cls: 'cc_agent' },
      { key: 'teams', route: '/contact-center/teams', cls: 'cc_team' },
      { key: 'resources', route: '/contact-center/resources', cls: 'cc_resource' },
      { key: 'resourceGroups', route: '/contact-center/resource-groups', cls: 'cc_resource_group' },
      { key: 'queues', route: '/contact-center/queues', cls: 'cc_queue' },
    ],
  },
  {
    area: 'integrations',
    entries: [
      { key: 'storage', route: '/integrations/storage', cls: 'storage_profile' },
      { key: 'cognitiveProfiles', route: '/integrations/cognitive-profiles', cls: 'cognitive_profile' },
      { key: 'emailProfiles', route: '/integrations/email-profiles', cls: 'email_profile' },
      { key: 'importCsv', route: '/integrations/import-csv', cls: 'import_template' },
      { key: 'triggers', route: '/integrations/triggers', cls: 'trigger' },
    ],
  },
  {
    area: 'permissions',
    entries: [
      { key: 'roles', route: '/permissions/roles', cls: 'roles' },
      { key: 'objects', route: '/permissions/objects', cls: 'systemSetting' },
    ],
  },
  {
    area: 'system',
    entries: [{ key: 'changelogs', route: '/system/changelogs', cls: 'systemSetting' }],
  },
];
