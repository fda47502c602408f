import type { TFunction } from 'i18next';
import type { EditTab, FormValues } from '../../../kit/edit/form';

/**
 * The queue editor's tabs of sub-lists (agents, skills, buckets, resource groups, hooks, logs),
 * for a queue of the given type: each lists records under the saved queue.
 */
export function queueSubListTabs(_t: TFunction, _type: number): EditTab<FormValues>[] {
  return [];
}
