import { RESOURCES } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { nestedRoutes, resourceRoutes } from '../app/resource-routes';
import { SCREENS } from './screens';

/**
 * A resource's screens at its definition's route are a line of `screens.tsx`; routes of another
 * shape (a list beside its editors, editors by variant) an area declares in `areas/<area>/routes.tsx`.
 * They are collected here. The screens themselves load on demand.
 */
const areaModules = import.meta.glob<RouteObject[]>('./*/routes.tsx', { eager: true, import: 'routes' });

const declared = [
  ...Object.values(areaModules).flat(),
  ...SCREENS.flatMap(({ def, ...screens }) => (def.parent ? nestedRoutes(def, screens) : resourceRoutes(def, screens))),
];

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
