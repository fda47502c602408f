import { queueMembers } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { editor, guarded, screen } from '../../app/resource-routes';
import { queueSubListRoutes } from './queues/sub-list-routes';

const MembersList = screen(() => import('./queue-members/MembersList'), 'MembersList');
const MemberEdit = screen(() => import('./queue-members/MemberEdit'), 'MemberEdit');

/** Contact-center routes of their own shape, relative to the admin layout (see `areas/screens.tsx`). */
export const routes: RouteObject[] = [
  ...queueSubListRoutes(),
  // Members of a queue (spec part 2 section 2): queues/{queueId}/members, members/new, members/{id}.
  { path: 'contact-center/queues/:parentId/members', element: guarded(queueMembers, MembersList) },
  { path: 'contact-center/queues/:parentId/members/:id', element: editor(queueMembers, MemberEdit) },
];
