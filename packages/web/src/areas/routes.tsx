import { RESOURCES } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { resourceRoutes } from '../app/resource-routes';

/**
 * Each area declares its routes in `areas/<area>/routes.tsx`; they are collected here, so that
 * adding a resource edits its area's file only. The screens themselves load on demand.
 */
const areaModules = import.meta.glob<RouteObject[]>('./*/routes.tsx', { eager: true, import: 'routes' });

const declared = Object.values(areaModules).flat();

/**
 * Routes of the admin areas, relative to the admin layout: those the areas declare, then the
 * generic list and editor of every resource with a form whose route no area declares (a simple
 * lookup needs no line here).
 */
export const adminRoutes: RouteObject[] = [
  ...declared,
  ...RESOURCES.filter((def) => def.form && !declared.some((r) => r.path === def.route.slice(1))).flatMap((def) =>
    resourceRoutes(def),
  ),
];
