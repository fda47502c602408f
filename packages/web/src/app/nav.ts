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
