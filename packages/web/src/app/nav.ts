import { NAVIGATION, type NavEntry, type UserInfo } from '@switchboard/model';
import { userCan } from './session';

/** Is a navigation entry readable by the user (spec part 1 section 6)? */
export function entryVisible(user: UserInfo | null, entry: NavEntry): boolean {
  if (entry.cls === 'always') return true;
  if (entry.cls === 'systemSetting') return user?.permissions.includes('systemSetting') ?? false;
  return userCan(user, entry.cls, 'r');
}

/** The navigation with only the entries the user may read, and only sections left with one. */
export function visibleNavigation(user: UserInfo | null): typeof NAVIGATION {
  return NAVIGATION.map((section) => ({
    area: section.area,
    entries: section.entries.filter((entry) => entryVisible(user, entry)),
  })).filter((section) => section.entries.length > 0);
}

/** The navigation entry a path belongs to: the entry itself or any screen below it (its editors). */
export function navEntryOf(pathname: string) {
  let found: (typeof NAVIGATION)[number]['entries'][number] | null = null;
  for (const entry of NAVIGATION.flatMap((s) => s.entries)) {
    const inside = pathname === entry.route || pathname.startsWith(`${entry.route}/`);
    if (inside && (!found || entry.route.length > found.route.length)) found = entry;
  }
  return found;
}
