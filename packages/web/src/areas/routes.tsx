import type { RouteObject } from 'react-router';

/**
 * Each area declares its routes in `areas/<area>/routes.tsx`; they are collected here, so that
 * adding a resource edits its area's file only. The screens themselves load on demand.
 */
const areaModules = import.meta.glob<RouteObject[]>('./*/routes.tsx', { eager: true, import: 'routes' });

/** Routes of the admin areas, relative to the admin layout. */
export const adminRoutes: RouteObject[] = Object.values(areaModules).flat();
