import {
  queueAgents as agentsDef,
  queueAttempts as attemptsDef,
  queueBuckets as bucketsDef,
  queueResourceGroups as groupsDef,
  queueHooks as hooksDef,
  queueSkillProblems,
  queueSkills as skillsDef,
} from '@switchboard/model';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { validationError } from '../../core/route.js';
import {
  ccQueueAttempts,
  ccQueueBuckets,
  ccQueueHooks,
  ccQueueResourceGroups,
  ccQueueSkillBuckets,
  ccQueueSkills,
  ccQueues,
} from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { AGENT_NAME_SQL } from './shared.js';

const nameOf = (table: string, column: string) => `(select r.name from ${table} r where r.id = t.${column})`;

/**
 * A queue's skills (`/call_center/queues/{queueId}/skills`). The capacity range is checked on the
 * skill as it will be stored (a PATCH merged over the stored one): both fields carry the error.
 */
export const queueSkillsResource = defineServerResource(skillsDef, {
  table: ccQueueSkills,
  unique: { cc_queue_skills_queue_skill: 'skill' },
  refs: { skill: ccQueueSkills.skillId, buckets: ccQueueSkillBuckets },
  fields: { skillName: { column: nameOf('skills', 'skill_id') } },
  beforeWrite: (body, ctx) => {
    const problems = queueSkillProblems({ ...(ctx.old ?? {}), ...body });
    if (problems.length) throw validationError(skillsDef.name, problems);
  },
});

/** A queue's buckets (`/call_center/queues/{queueId}/buckets`). */
export const queueBucketsResource = defineServerResource(bucketsDef, {
  table: ccQueueBuckets,
  unique: { cc_queue_buckets_queue_bucket: 'bucket' },
  fields: { bucketName: { column: nameOf('buckets', 'bucket_id') } },
});

/** A queue's resource groups (`/call_center/queues/{queueId}/resource_groups`); `communication` is the group's. */
export const queueResourceGroupsResource = defineServerResource(groupsDef, {
  table: ccQueueResourceGroups,
  unique: { cc_queue_resource_groups_queue_group: 'resourceGroup' },
  fields: {
    communication: {
      select: `(select json_build_object('id', c.id, 'name', c.name) from cc_resource_groups g
        join communication_types c on c.id = g.communication_id where g.id = t.resource_group_id)`,
    },
    resourceGroupName: { column: nameOf('cc_resource_groups', 'resource_group_id') },
  },
});

/** A queue's hooks (`/call_center/queues/{queueId}/hooks`). */
export const queueHooksResource = defineServerResource(hooksDef, {
  table: ccQueueHooks,
});

/**
 * The view `cc_queue_agents` as the engine reads it (rows are never written): one row per queue
 * and agent who serves it, by the rule the view states (see schema-queue-sublists.ts).
 */
const queueAgentsRows = pgTable('cc_queue_agents', {
  id: integer('id').notNull(),
  domainId: integer('domain_id').notNull(),
  queueId: integer('queue_id').notNull(),
});

const AGENT = (expr: string) => `(select ${expr} from agents a where a.id = t.id)`;

/** The queue's enabled skills the agent matches (held, enabled, capacity within the range), by name. */
const MATCHED_SKILLS_SQL = `coalesce((select json_agg(json_build_object('id', k.id, 'name', k.name) order by lower(k.name), k.id)
  from cc_queue_skills qs join agent_skills s on s.skill_id = qs.skill_id join skills k on k.id = qs.skill_id
  where qs.queue_id = t.queue_id and qs.enabled and s.agent_id = t.id and s.enabled
    and s.capacity between qs.min_capacity and qs.max_capacity), '[]'::json)`;

/** The agents who serve a queue (`/call_center/queues/{queueId}/agents`), read-only. */
export const queueAgentsResource = defineServerResource(agentsDef, {
  table: queueAgentsRows,
  parentLink: { column: queueAgentsRows.queueId, table: ccQueues },
  fields: {
    name: { select: AGENT(AGENT_NAME_SQL('a')) },
    status: { select: AGENT('a.status'), column: AGENT('a.status') },
    team: {
      select: `(select json_build_object('id', r.id, 'name', r.name) from agents a join teams r on r.id = a.team_id
        where a.id = t.id)`,
    },
    skills: { select: MATCHED_SKILLS_SQL },
  },
});

/**
 * A queue's attempts log (`/call_center/queues/{queueId}/attempts`), read-only, written by the
 * `member.attempt` telephony event (queue-attempt-event.ts).
 */
export const queueAttemptsResource = defineServerResource(attemptsDef, {
  table: ccQueueAttempts,
  fields: {
    agent: {
      select: `(select json_build_object('id', a.id, 'name', ${AGENT_NAME_SQL('a')}) from agents a where a.id = t.agent_id)`,
    },
  },
});
