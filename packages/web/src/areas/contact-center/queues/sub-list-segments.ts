/**
 * The segment of each editable sub-list below the queue's editor: several lists hang under one
 * queue, so a record opens at `/contact-center/queues/{queueId}/{segment}/{id}`.
 */
export const SUB_LIST_SEGMENTS: Readonly<Record<string, string>> = {
  queueSkills: 'skills',
  queueBuckets: 'buckets',
  queueResourceGroups: 'resource-groups',
  queueHooks: 'hooks',
};
