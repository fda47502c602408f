import { NAVIGATION, type NavEntry } from '@switchboard/model';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { adminRoutes } from '../areas/routes';
import NotAvailablePage from '../pages/NotAvailablePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RequireEntry } from './RequireEntry';

/** Navigation entries no area has routes for yet: they say so inside the layout instead of a 404. */
export function unbuiltEntries(routes: RouteObject[]): NavEntry[] {
  const built = routes.map((r) => r.path ?? '').filter(Boolean);
  return NAVIGATION.flatMap((s) => s.entries).filter((entry) => {
    const path = entry.route.slice(1);
    return !built.some((b) => b === path || b.startsWith(`${path}/`));
  });
}

/** The routes of one area, relative to the area's own path (`directory/users` → `users`). */
export function areaRoutes(area: string, routes: RouteObject[] = adminRoutes): RouteObject[] {
  const prefix = `${area}/`;
  const placeholders: RouteObject[] = unbuiltEntries(routes).map((entry) => ({
    path: `${entry.route.slice(1)}/*`,
    element: (
      <RequireEntry entry={entry}>
        <NotAvailablePage />
      </RequireEntry>
    ),
  }));
  const own = [...routes, ...placeholders]
    .filter((route) => route.path?.startsWith(prefix))
    .map((route) => ({ ...route, path: route.path?.slice(prefix.length) }) as RouteObject);
  return [...own, { path: '*', element: <NotFoundPage /> }];
}

/**
 * The screens of the admin areas, loaded on the first visit to an area so that the first load of
 * /auth carries none of the areas' code or resource definitions.
 */
export default function AreaScreens() {
  const area = useLocation().pathname.split('/')[1] ?? '';
  return useRoutes(areaRoutes(area));
}
