import { z } from 'zod';
import { BY_NAME, col, NAME_COLUMN, NO_PATCH, sorted, under } from '../define.js';
import { buckets } from '../lookups/buckets.js';
import { skills } from '../lookups/skills.js';
import { messages } from '../messages.js';
import { type ResourceDef, ref } from '../resource.js';
import { flows } from '../routing/flows.js';
import { int, oneOf, refInput, refOutput, requiredRef } from '../validation.js';
import { AGENT_STATUSES } from './agents.js';
import { queues } from './queues.js';
import { resourceGroups } from './resource-groups.js';

/**
 * The sub-lists of a queue (spec part 2 section 3): its skills, buckets, resource groups and
 * hooks (records of their own, served under the queue, whose class and record rights govern
 * them; a change is logged as an update of the queue), the agents who serve it (read-only) and
 * the attempts log (read-only, written from the telephony side's `member.attempt` events).
 */

/** Which sub-list tabs the queue editor shows: its type's (REFERENCE "Queue types", "Extra tabs"), then hooks; logs once saved. */
export type QueueSubList = 'agents' | 'skills' | 'resources' | 'buckets' | 'hooks' | 'logs';

/** REFERENCE "Queue types": the sub-list tabs of each type code besides hooks and logs, which every type has. */
export const QUEUE_TYPE_SUBLISTS: Readonly<Record<number, readonly QueueSubList[]>> = {
  0: ['agents', 'skills', 'resources', 'buckets'],
  1: ['agents', 'skills'],
  2: ['resources', 'buckets'],
  3: ['agents', 'skills', 'resources', 'buckets'],
  4: ['agents', 'skills', 'resources', 'buckets'],
  5: ['agents', 'skills', 'resources', 'buckets'],
  6: ['agents', 'skills'],
  7: ['agents', 'skills', 'buckets'],
  8: ['buckets'],
};

/** The sub-list tabs of a queue of this type, in the order the editor shows them. */
export function queueSubLists(type: number): QueueSubList[] {
  return [...(QUEUE_TYPE_SUBLISTS[type] ?? []), 'hooks', 'logs'];
}

/** A sub-list of a queue: served under one queue, named `queueId` in its path. */
const underQueue = under(queues, 'queueId');

// ---- Skills ---------------------------------------------------------------------------------

/** Spec part 2 sections 3 and 9: level 0 (0 to 1000), capacity from 0 to 10 (each 0 to 100). */
export const QUEUE_SKILL_LEVEL = { default: 0, min: 0, max: 1000 } as const;
export const QUEUE_SKILL_CAPACITY = { min: 0, max: 100, defaultMin: 0, defaultMax: 10 } as const;

/** The path of one queue's skills. */
export const queueSkillsPath = (queueId: number | string) => `/call_center/queues/${queueId}/skills`;

/**
 * Spec part 2 section 5: the minimum capacity must be at most the maximum, and the maximum at
 * least the minimum; both fields carry the error. `record` is the skill as it will be stored (a
 * PATCH merged over the stored one). The server and the form run it.
 */
export function queueSkillProblems(record: { minCapacity?: unknown; maxCapacity?: unknown }) {
  const min = record.minCapacity;
  const max = record.maxCapacity;
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return [];
  return [
    { field: 'minCapacity', message: messages.skillCapacityMin },
    { field: 'maxCapacity', message: messages.skillCapacityMax },
  ];
}

/**
 * A skill of a queue (spec: skill, lvl 0, minCapacity 0, maxCapacity 10, buckets[], enabled
 * true): the queue takes agents holding the skill with a capacity within the range. A queue holds
 * a skill once.
 */
export const queueSkills = underQueue({
  name: 'queueSkills',
  noun: 'queue skill',
  path: queueSkillsPath(':queueId'),
  input: z.object({
    skill: requiredRef(),
    lvl: int({ min: QUEUE_SKILL_LEVEL.min, max: QUEUE_SKILL_LEVEL.max }).default(QUEUE_SKILL_LEVEL.default),
    minCapacity: int({ min: QUEUE_SKILL_CAPACITY.min, max: QUEUE_SKILL_CAPACITY.max }).default(
      QUEUE_SKILL_CAPACITY.defaultMin,
    ),
    maxCapacity: int({ min: QUEUE_SKILL_CAPACITY.min, max: QUEUE_SKILL_CAPACITY.max }).default(
      QUEUE_SKILL_CAPACITY.defaultMax,
    ),
    buckets: z.array(refInput()).default([]),
    enabled: z.boolean().default(true),
  }),
  search: ['skillName'],
  defaultSort: '+skill',
  columns: [
    sorted('skill', 'ref'),
    sorted('lvl'),
    sorted('minCapacity'),
    sorted('maxCapacity'),
    col('buckets', 'tags'),
    sorted('enabled', 'toggle'),
  ],
  refs: {
    skill: ref((): ResourceDef => skills),
    buckets: ref((): ResourceDef => buckets, { many: true }),
  },
  form: {
    fields: [
      { field: 'skill', kind: 'ref', required: true },
      { field: 'lvl', kind: 'number', min: QUEUE_SKILL_LEVEL.min, max: QUEUE_SKILL_LEVEL.max, required: true },
      {
        field: 'minCapacity',
        kind: 'number',
        min: QUEUE_SKILL_CAPACITY.min,
        max: QUEUE_SKILL_CAPACITY.max,
        required: true,
      },
      {
        field: 'maxCapacity',
        kind: 'number',
        min: QUEUE_SKILL_CAPACITY.min,
        max: QUEUE_SKILL_CAPACITY.max,
        required: true,
      },
      { field: 'buckets', kind: 'refs' },
      { field: 'enabled', kind: 'switch' },
    ],
  },
});

// ---- Buckets --------------------------------------------------------------------------------

/** The path of one queue's buckets. */
export const queueBucketsPath = (queueId: number | string) => `/call_center/queues/${queueId}/buckets`;

/** A bucket of a queue (spec: bucket, priority 0 or more, disabled); a queue holds a bucket once. */
export const queueBuckets = underQueue({
  name: 'queueBuckets',
  noun: 'queue bucket',
  path: queueBucketsPath(':queueId'),
  input: z.object({
    bucket: requiredRef(),
    priority: int({ min: 0 }).default(0),
    disabled: z.boolean().default(false),
  }),
  search: ['bucketName'],
  defaultSort: '-priority',
  columns: [sorted('bucket', 'ref'), sorted('priority'), sorted('disabled', 'toggle')],
  refs: { bucket: ref((): ResourceDef => buckets) },
  form: {
    fields: [
      { field: 'bucket', kind: 'ref', required: true },
      { field: 'priority', kind: 'number', min: 0, required: true },
      { field: 'disabled', kind: 'switch' },
    ],
  },
});

// ---- Resource groups ------------------------------------------------------------------------

/** The path of one queue's resource groups. */
export const queueResourceGroupsPath = (queueId: number | string) => `/call_center/queues/${queueId}/resource_groups`;

/**
 * A resource group a queue dials through (spec: resourceGroup, communication). `communication` is
 * the group's communication type, answered read-only: the group decides it, the queue takes the
 * group as it is. A queue holds a group once.
 */
export const queueResourceGroups = underQueue({
  name: 'queueResourceGroups',
  noun: 'queue resource group',
  path: queueResourceGroupsPath(':queueId'),
  input: z.object({ resourceGroup: requiredRef() }),
  item: z.object({
    id: z.number(),
    queueId: z.number(),
    resourceGroup: refOutput(),
    communication: refOutput().nullable(),
  }),
  search: ['resourceGroupName'],
  defaultSort: '+resourceGroup',
  columns: [sorted('resourceGroup', 'ref'), col('communication', 'ref')],
  refs: { resourceGroup: ref((): ResourceDef => resourceGroups) },
  ops: NO_PATCH,
  form: { fields: [{ field: 'resourceGroup', kind: 'ref', required: true }] },
});

// ---- Hooks ----------------------------------------------------------------------------------

/** Spec part 2 section 3: the events of a member in the queue a hook runs a flow on. */
export const QUEUE_HOOK_EVENTS = [
  'joined',
  'answered',
  'offering',
  'bridged',
  'missed',
  'leaving',
  'processing',
  'active',
] as const;

/** The path of one queue's hooks. */
export const queueHooksPath = (queueId: number | string) => `/call_center/queues/${queueId}/hooks`;

/**
 * A hook of a queue (spec: event, properties[], schema, enabled true): on the event the flow
 * `schema` runs (a service flow: it has no call leg of its own) with the member's `properties`
 * (variable names) passed to it. Several hooks may share an event.
 */
export const queueHooks = underQueue({
  name: 'queueHooks',
  noun: 'queue hook',
  path: queueHooksPath(':queueId'),
  input: z.object({
    event: oneOf(QUEUE_HOOK_EVENTS),
    properties: z.array(z.string().trim().min(1, { error: messages.required }).max(200)).default([]),
    schema: requiredRef(),
    enabled: z.boolean().default(true),
  }),
  defaultSort: '+event',
  columns: [sorted('event', 'enum'), sorted('schema', 'ref'), col('properties', 'tags'), sorted('enabled', 'toggle')],
  refs: { schema: ref((): ResourceDef => flows, { filter: { type: 'service' } }) },
  form: {
    fields: [
      { field: 'event', kind: 'select', options: QUEUE_HOOK_EVENTS, required: true },
      { field: 'schema', kind: 'ref', required: true },
      { field: 'properties', kind: 'tags' },
      { field: 'enabled', kind: 'switch' },
    ],
  },
});

// ---- Agents (read-only) ---------------------------------------------------------------------

/** The path of the agents who serve one queue. */
export const queueAgentsPath = (queueId: number | string) => `/call_center/queues/${queueId}/agents`;

/**
 * The agents who serve a queue (read-only; computed, not stored). The rule:
 * - a queue without a team has none; else the candidates are the agents of its team;
 * - where the queue lists no enabled skill, every candidate serves it;
 * - where it lists enabled skills, a candidate serves it when it holds at least one of them,
 *   enabled, with a capacity from the queue skill's minCapacity to its maxCapacity (both included).
 * `skills` names the queue's enabled skills the agent matches that way (empty where the queue
 * lists none). `q` searches the agent's name; `status` filters.
 */
export const queueAgents = underQueue({
  name: 'queueAgents',
  path: queueAgentsPath(':queueId'),
  item: z.object({
    id: z.number(),
    name: z.string(),
    status: z.enum(AGENT_STATUSES),
    team: refOutput().nullable(),
    skills: z.array(refOutput()),
  }),
  ...BY_NAME,
  filters: [{ kind: 'enum', key: 'status', options: AGENT_STATUSES }],
  columns: [NAME_COLUMN, sorted('status', 'enum'), col('skills', 'tags')],
  refs: {},
});

// ---- Attempts log (read-only) ---------------------------------------------------------------

/** Spec part 2 section 3: how an attempt ended. */
export const ATTEMPT_RESULTS = [
  'abandoned',
  'cancel',
  'success',
  'failed',
  'missed',
  'timeout',
  'endless',
  'transferred',
] as const;
export type AttemptResult = (typeof ATTEMPT_RESULTS)[number];

/** The path of one queue's attempts log. */
export const queueAttemptsPath = (queueId: number | string) => `/call_center/queues/${queueId}/attempts`;

/**
 * The attempts log of a queue (spec: destination, agent, joined_at, leaving_at, offering_at,
 * duration, attempts, result): one entry per attempt to serve a member, written from the
 * telephony side's `member.attempt` events. Read-only, oldest first (spec section 7: default sort
 * +joined_at); filters joinedAt, leavingAt, offeringAt (epoch ms ranges), duration (seconds),
 * result (any of several) and agent; `q` searches the destination.
 */
export const queueAttempts = underQueue({
  name: 'queueAttempts',
  path: queueAttemptsPath(':queueId'),
  item: z.object({
    id: z.number(),
    queueId: z.number(),
    memberId: z.number().nullable(),
    destination: z.string(),
    agent: refOutput().nullable(),
    joinedAt: z.string(),
    offeringAt: z.string().nullable(),
    leavingAt: z.string().nullable(),
    /** Seconds from joining to leaving. */
    duration: z.number(),
    attempts: z.number(),
    result: z.enum(ATTEMPT_RESULTS),
  }),
  search: ['destination'],
  defaultSort: '+joinedAt',
  filters: [
    { kind: 'dateRange', key: 'joinedAt', from: 'joinedAtFrom', to: 'joinedAtTo' },
    { kind: 'dateRange', key: 'leavingAt', from: 'leavingAtFrom', to: 'leavingAtTo' },
    { kind: 'dateRange', key: 'offeringAt', from: 'offeringAtFrom', to: 'offeringAtTo' },
    { kind: 'numberRange', key: 'duration', min: 'durationFrom', max: 'durationTo' },
    { kind: 'enum', key: 'result', options: ATTEMPT_RESULTS, multiple: true },
    { kind: 'ref', key: 'agent', path: '/call_center/agents', objClass: 'cc_agent' },
  ],
  columns: [
    sorted('destination'),
    col('agent', 'ref'),
    sorted('joinedAt', 'date'),
    sorted('offeringAt', 'date'),
    sorted('leavingAt', 'date'),
    sorted('duration'),
    sorted('attempts'),
    sorted('result', 'enum'),
  ],
});

/**
 * The telephony side's report of one attempt (`member.attempt`): the queue, the member where
 * known, the destination, the agent (by id) where one took it, the times (epoch ms), the number
 * of the attempt and its result. `duration` defaults to the seconds from joining to leaving.
 */
export const MEMBER_ATTEMPT_EVENT = 'member.attempt';
