import { loggerConfig } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { resourceRoutes, screen } from '../../app/resource-routes';

const LoggerConfigEdit = screen(() => import('./changelogs/LoggerConfigEdit'), 'LoggerConfigEdit');

/** System routes, relative to the admin layout; each screen loads on demand. */
export const routes: RouteObject[] = [...resourceRoutes(loggerConfig, { edit: LoggerConfigEdit })];
