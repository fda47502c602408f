import type { AccessClass } from './access.js';
import type { Area, ResourceDef } from './resource.js';

/**
 * A console navigation entry (spec part 1 section 2 and 6). `cls` is the class whose read right
 * shows the entry; 'always' entries are shown to everyone (flow, communications and skills get full
 * rxwd; license has no class); 'systemSetting' guards objects and the change logs.
 */
export type NavEntry = {
  key: string;
  route: string;
  cls: AccessClass | 'always' | 'systemSetting';
};

export type NavSection = { area: Area; entries: NavEntry[] };

/**
 * The entry of a resource, from its definition: its route, and the class that guards reading it
 * (the systemSetting permission where it guards the resource instead; none where every user may
 * read it). `key` names it under `nav.` in the translations.
 */
export function navOf(def: ResourceDef, key: string, cls?: NavEntry['cls']): NavEntry {
  const byPermission = def.permission === 'systemSetting' ? 'systemSetting' : 'always';
  return { key, route: def.route, cls: cls ?? def.objClass ?? byPermission };
}
