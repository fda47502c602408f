// Tables of a queue's sub-lists (skills, buckets, resource groups, hooks, attempts); see schema.ts
// for the conventions. Each row goes with its queue. A skill, bucket, group or flow a queue uses
// cannot go (no action, checked at the end of the statement so a domain's delete cascades through).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, pgView, text } from 'drizzle-orm/pg-core';
import { agents } from './schema-agents.js';
import { ccResourceGroups } from './schema-cc-resources.js';
import { domainLogRecord, domainRecord } from './schema-core.js';
import { heldOnceTable } from './schema-held-once.js';
import { emptyText, flag, linkTable, refId, stamps, timestamptz } from './schema-helpers.js';
import { buckets, skills } from './schema-lookups.js';
import { ccQueueMembers, ccQueues } from './schema-queues.js';
import { flows } from './schema-routing.js';

const queueId = () => refId('queue_id', () => ccQueues.id, 'cascade');

/** Skills of a queue: one row per queue and skill. */
export const ccQueueSkills = heldOnceTable(
  'cc_queue_skills',
  ['queue', 'skill'],
  { queueId: queueId(), skillId: refId('skill_id', () => skills.id, 'no action') },
  {
    lvl: integer('lvl').notNull().default(0),
    minCapacity: integer('min_capacity').notNull().default(0),
    maxCapacity: integer('max_capacity').notNull().default(10),
    enabled: flag('enabled', true),
  },
);

/** The buckets a queue skill is limited to (none: every bucket). */
export const ccQueueSkillBuckets = linkTable(
  'cc_queue_skill_buckets',
  { queueSkillId: () => ccQueueSkills.id, bucketId: () => buckets.id },
  'no action',
);

/** Buckets of a queue with their priority: one row per queue and bucket. */
export const ccQueueBuckets = heldOnceTable(
  'cc_queue_buckets',
  ['queue', 'bucket'],
  { queueId: queueId(), bucketId: refId('bucket_id', () => buckets.id, 'no action') },
  { priority: integer('priority').notNull().default(0), disabled: flag('disabled', false) },
);

/** Resource groups a queue dials through: one row per queue and group. */
export const ccQueueResourceGroups = heldOnceTable(
  'cc_queue_resource_groups',
  ['queue', 'group'],
  { queueId: queueId(), resourceGroupId: refId('resource_group_id', () => ccResourceGroups.id, 'no action') },
  {},
);

/** Hooks of a queue: the flow run on a member's event, with the variables it is given. */
export const ccQueueHooks = pgTable(
  'cc_queue_hooks',
  {
    ...domainRecord(),
    queueId: queueId(),
    event: text('event').notNull(),
    properties: text('properties').array().notNull().default(sql`'{}'::text[]`),
    schemaId: refId('schema_id', () => flows.id, 'no action'),
    enabled: flag('enabled', true),
    ...stamps,
  },
  (t) => [index('cc_queue_hooks_queue').on(t.queueId, t.event), index('cc_queue_hooks_schema').on(t.schemaId)],
);

/**
 * The attempts log of queues: one row per attempt the telephony side reports (`member.attempt`).
 * `duration` is in seconds; the member and agent are kept as ids while they exist.
 */
export const ccQueueAttempts = pgTable(
  'cc_queue_attempts',
  {
    ...domainLogRecord(),
    queueId: queueId(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => ccQueueMembers.id, { onDelete: 'set null' }),
    destination: emptyText('destination'),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    joinedAt: timestamptz('joined_at').notNull(),
    offeringAt: timestamptz('offering_at'),
    leavingAt: timestamptz('leaving_at'),
    duration: integer('duration').notNull().default(0),
    attempts: integer('attempts').notNull().default(1),
    result: text('result').notNull(),
  },
  (t) => [
    index('cc_queue_attempts_queue_joined').on(t.queueId, t.joinedAt, t.id),
    index('cc_queue_attempts_agent').on(t.agentId),
  ],
);

/**
 * The agents who serve each queue (read-only, computed): the agents of the queue's team; where the
 * queue lists enabled skills, only those holding one of them enabled with a capacity within the
 * queue skill's [minCapacity, maxCapacity]. One row per queue and agent; `id` is the agent's.
 */
export const ccQueueAgentsView = pgView('cc_queue_agents', {
  id: integer('id').notNull(),
  domainId: integer('domain_id').notNull(),
  queueId: integer('queue_id').notNull(),
}).as(sql`select a.id, a.domain_id, q.id as queue_id
  from cc_queues q join agents a on a.team_id = q.team_id and a.domain_id = q.domain_id
  where not exists (select 1 from cc_queue_skills qs where qs.queue_id = q.id and qs.enabled)
     or exists (select 1 from cc_queue_skills qs join agent_skills s on s.skill_id = qs.skill_id
                where qs.queue_id = q.id and qs.enabled and s.agent_id = a.id and s.enabled
                  and s.capacity between qs.min_capacity and qs.max_capacity)`);
