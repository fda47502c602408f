import { AREAS } from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SignInPage } from '../pages/SignInPage';
import { lazyScreen } from './lazy';
import { RequireAuth } from './RequireAuth';
import { Root } from './Root';

// Everything past the sign-in page loads on demand, keeping the first load of /auth small.
const HubPage = lazyScreen(() => import('../pages/HubPage'));
const AdminLayout = lazyScreen(() => import('./AdminLayout'));
const StartPage = lazyScreen(() => import('../pages/StartPage'));
const SettingsPage = lazyScreen(() => import('../pages/SettingsPage'));
const AreaScreens = lazyScreen(() => import('./AreaScreens'));

export function appRoutes(): RouteObject[] {
  // Each area's screens mount below its path; the area routes themselves load on demand.
  const areas: RouteObject[] = AREAS.map((area) => ({ path: `${area}/*`, element: <AreaScreens /> }));
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
                ...areas,
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
