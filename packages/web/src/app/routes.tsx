import { NAVIGATION, type NavEntry } from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../areas/routes';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SignInPage } from '../pages/SignInPage';
import { lazyScreen } from './lazy';
import { RequireAuth } from './RequireAuth';
import { RequireEntry } from './RequireEntry';
import { Root } from './Root';

// Everything past the sign-in page loads on demand, keeping the first load of /auth small.
const HubPage = lazyScreen(() => import('../pages/HubPage'));
const AdminLayout = lazyScreen(() => import('./AdminLayout'));
const StartPage = lazyScreen(() => import('../pages/StartPage'));
const SettingsPage = lazyScreen(() => import('../pages/SettingsPage'));
const NotAvailablePage = lazyScreen(() => import('../pages/NotAvailablePage'));

/** Navigation entries no area has routes for yet: they say so inside the layout instead of a 404. */
export function unbuiltEntries(routes: RouteObject[]): NavEntry[] {
  const built = routes.map((r) => r.path ?? '').filter(Boolean);
  return NAVIGATION.flatMap((s) => s.entries).filter((entry) => {
    const path = entry.route.slice(1);
    return !built.some((b) => b === path || b.startsWith(`${path}/`));
  });
}

export function appRoutes(areaRoutes: RouteObject[] = adminRoutes): RouteObject[] {
  const placeholders: RouteObject[] = unbuiltEntries(areaRoutes).map((entry) => ({
    path: `${entry.route.slice(1)}/*`,
    element: (
      <RequireEntry entry={entry}>
        <NotAvailablePage />
      </RequireEntry>
    ),
  }));
  return [
    {
      element: <Root />,
      children: [
        { path: '/auth', element: <SignInPage /> },
        {
          element: <RequireAuth />,
          children: [
            { path: '/', element: <HubPage /> },
            { path: '/access-denied', element: <AccessDeniedPage /> },
            { path: '/admin', element: <Navigate to="/start" replace /> },
            {
              element: <AdminLayout />,
              children: [
                { path: 'start', element: <StartPage /> },
                { path: 'settings', element: <SettingsPage /> },
                ...areaRoutes,
                ...placeholders,
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
