import {
  type QueueSubList,
  queueAgents,
  queueAttempts,
  queueBuckets,
  queueHooks,
  queueResourceGroups,
  queueSkills,
  queueSubLists,
  type ResourceDef,
} from '@switchboard/model';
import type { TFunction } from 'i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { AddLink } from '../../../kit/list/AddLink';
import { NestedList } from '../../../kit/list/NestedList';
import { SUB_LIST_SEGMENTS } from './sub-list-segments';

/** Each sub-list tab: the records it lists; read-only lists open no editor. */
const LISTS: Record<QueueSubList, { def: ResourceDef; listOnly?: boolean }> = {
  agents: { def: queueAgents, listOnly: true },
  skills: { def: queueSkills },
  resources: { def: queueResourceGroups },
  buckets: { def: queueBuckets },
  hooks: { def: queueHooks },
  logs: { def: queueAttempts, listOnly: true },
};

/**
 * The queue editor's tabs of sub-lists for a queue of the given type (REFERENCE "Queue types":
 * its extra tabs among agents, skills, resources and buckets; hooks and logs on every type). Each
 * lists records under the saved queue, so each shows once the queue exists; rows of skills,
 * buckets, resource groups and hooks open their editor below the queue's
 * (`/contact-center/queues/{queueId}/{id}`).
 */
export function queueSubListTabs(t: TFunction, type: number): EditTab<FormValues>[] {
  return queueSubLists(type).map((key) => {
    const { def, listOnly } = LISTS[key];
    const label = t(`queueSubLists.tabs.${key}`);
    const segment = SUB_LIST_SEGMENTS[def.name];
    return savedTab<FormValues>(
      key,
      (id) => (
        <NestedList
          def={def}
          parentId={id}
          title={label}
          listOnly={listOnly}
          rowLink={segment ? (row) => `${segment}/${row.id}` : undefined}
          addControl={segment ? <AddLink to={`${segment}/new`} /> : undefined}
        />
      ),
      { label },
    );
  });
}
