import { queueBuckets, queueHooks, queueResourceGroups, queueSkills, type ResourceDef } from '@switchboard/model';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../app/lazy';
import { editor } from '../../../app/resource-routes';
import { SUB_LIST_SEGMENTS } from './sub-list-segments';

const load = () => import('./sub-list-edit');

/** One sub-list's editor screen, loaded on demand, bound to its definition. */
const editScreen = (def: ResourceDef, which: 'QueueSkillEdit' | 'QueueSubListEdit') =>
  lazyScreen(() =>
    load().then((m) => ({
      default: function QueueSubListScreen() {
        return createElement(m[which], { def });
      },
    })),
  );

/**
 * Editors of a queue's skills, buckets, resource groups and hooks below the queue's editor
 * (`/contact-center/queues/{queueId}/{segment}/{id}`), guarded by the queue's rights as the
 * server guards them. Their lists are tabs of the queue's editor (sub-list-tabs.tsx).
 */
export function queueSubListRoutes(): RouteObject[] {
  return [queueSkills, queueBuckets, queueResourceGroups, queueHooks].map((def) => ({
    path: `contact-center/queues/:parentId/${SUB_LIST_SEGMENTS[def.name]}/:id`,
    element: editor(def, editScreen(def, def === queueSkills ? 'QueueSkillEdit' : 'QueueSubListEdit')),
  }));
}
