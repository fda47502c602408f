import { media } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { guarded, screen } from '../../app/resource-routes';

const MediaList = screen(() => import('./media/MediaList'), 'MediaList');

/**
 * Lookups routes of their own shape, relative to the admin layout (see `areas/screens.tsx`). A
 * lookup on the generic screens needs no line at all (see `areas/routes.tsx`).
 */
export const routes: RouteObject[] = [{ path: 'lookups/media', element: guarded(media, MediaList) }];
