/**
 * The console's areas, in the navigation's order. A module of its own with no imports: the
 * console's shell routes by it, and importing it must not bring the resource machinery (and zod)
 * into the first load of the sign-in page.
 */
export const AREAS = [
  'directory',
  'routing',
  'lookups',
  'contact-center',
  'integrations',
  'permissions',
  'system',
] as const;
export type Area = (typeof AREAS)[number];
