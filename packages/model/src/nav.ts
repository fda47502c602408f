import { contactCenterNav } from './contact-center/nav.js';
import { directoryNav } from './directory/nav.js';
import { integrationsNav } from './integrations/nav.js';
import { lookupsNav } from './lookups/index.js';
import type { NavSection } from './nav-entry.js';
import { permissionsNav } from './permissions/nav.js';
import { AREAS } from './resource.js';
import { routingNav } from './routing/nav.js';
import { systemNav } from './system/nav.js';

export type { NavEntry, NavSection } from './nav-entry.js';
export { navOf } from './nav-entry.js';

const sections = [directoryNav, routingNav, lookupsNav, contactCenterNav, integrationsNav, permissionsNav, systemNav];

/**
 * Console navigation, one section per area in the spec's order. Each area lists its entries in
 * `<area>/nav.ts`, built from the resource definitions (route and guarding class come from there).
 */
export const NAVIGATION: NavSection[] = AREAS.map((area) => {
  const section = sections.find((s) => s.area === area);
  if (!section) throw new Error(`no navigation for the area ${area}`);
  return section;
});
