// Tables of the contact center's queues and their members; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { roles } from './schema-access.js';
import { agents, teams } from './schema-agents.js';
import { calendars } from './schema-calendars.js';
import { domainLogRecord, namedRecord } from './schema-core.js';
import { flag, refId, searchIndex, stamps, textMap, timestamptz, uniqueNameIndexes } from './schema-helpers.js';
import { blacklists, buckets } from './schema-lookups.js';
import { mediaFiles } from './schema-media.js';
import { flows } from './schema-routing.js';

const flowId = (name: string) => integer(name).references(() => flows.id, { onDelete: 'no action' });

/**
 * Queues. `type` is the type code (0-8), fixed once created; `payload` holds the type's own
 * settings. A calendar, list, team, flow or role in use by a queue cannot go (no action,
 * checked at the end of the statement so a domain's delete cascades through).
 */
export const ccQueues = pgTable(
  'cc_queues',
  {
    ...namedRecord(),
    type: integer('type').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    strategy: text('strategy').notNull().default('fifo'),
    calendarId: refId('calendar_id', () => calendars.id, 'no action'),
    dncListId: integer('dnc_list_id').references(() => blacklists.id, { onDelete: 'no action' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'no action' }),
    ringtoneId: integer('ringtone_id').references(() => mediaFiles.id, { onDelete: 'no action' }),
    granteeId: integer('grantee_id').references(() => roles.id, { onDelete: 'no action' }),
    schemaId: flowId('schema_id'),
    doSchemaId: flowId('do_schema_id'),
    afterSchemaId: flowId('after_schema_id'),
    formSchemaId: flowId('form_schema_id'),
    variables: textMap('variables'),
    stickyAgent: flag('sticky_agent', false),
    taskProcessing: jsonb('task_processing')
      .$type<{ enabled: boolean; formSchema: { id: number } | null; sec: number; renewalSec: number }>()
      .notNull()
      .default({ enabled: false, formSchema: null, sec: 30, renewalSec: 15 }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    maxOfRetry: integer('max_of_retry').notNull().default(0),
    timeout: integer('timeout').notNull().default(0),
    secBetweenRetries: integer('sec_between_retries').notNull().default(0),
    enabled: flag('enabled', true),
    /** Calls in progress, kept by telephony events. */
    active: integer('active').notNull().default(0),
    ...stamps,
  },
  (t) => [
    ...uniqueNameIndexes('cc_queues', t),
    index('cc_queues_team').on(t.teamId),
    index('cc_queues_calendar').on(t.calendarId),
    index('cc_queues_dnc_list').on(t.dncListId),
  ],
);

/** One communication of a member, as stored in its `communications` array. */
export type StoredCommunication = {
  destination: string;
  display: string;
  priority: number;
  type: { id: number };
  resource: { id: number } | null;
  description: string;
  dtmf: string;
};

/**
 * Members of a queue: the contacts it calls or serves. Communications are kept in the row (at
 * most 20); `destinations` repeats their destinations for the exact-destination search.
 * `stop_cause` is null while the member has not ended (it then counts as waiting).
 */
export const ccQueueMembers = pgTable(
  'cc_queue_members',
  {
    ...domainLogRecord(),
    queueId: refId('queue_id', () => ccQueues.id, 'cascade'),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(0),
    bucketId: integer('bucket_id').references(() => buckets.id, { onDelete: 'set null' }),
    timezone: text('timezone'),
    communications: jsonb('communications').$type<StoredCommunication[]>().notNull().default([]),
    destinations: text('destinations').array().notNull().default(sql`'{}'::text[]`),
    variables: textMap('variables'),
    expireAt: timestamptz('expire_at'),
    minOfferingAt: timestamptz('min_offering_at'),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    stopCause: text('stop_cause'),
    attempts: integer('attempts').notNull().default(0),
    offeringAt: timestamptz('offering_at'),
    ...stamps,
  },
  (t) => [
    index('cc_queue_members_queue').on(t.queueId, t.id),
    index('cc_queue_members_waiting').on(t.queueId).where(sql`${t.stopCause} is null`),
    index('cc_queue_members_destinations').using('gin', t.destinations),
    // The members list shows a queue's newest first (created, then id). Each filter has an index
    // that yields its rows in that order, within the created range the console always sends, so
    // a first page reads about a page of rows out of a million. Filters on a value most members
    // lack (bucket, agent, an end cause) index only the members that have one: a reset or an
    // import then writes fewer index entries. The name search is a prefix LIKE on lower(name).
    index('cc_queue_members_created').on(t.queueId, t.createdAt, t.id),
    index('cc_queue_members_cause')
      .on(t.queueId, t.stopCause, t.createdAt, t.id)
      .where(sql`${t.stopCause} is not null`),
    index('cc_queue_members_bucket').on(t.queueId, t.bucketId, t.createdAt, t.id).where(sql`${t.bucketId} is not null`),
    index('cc_queue_members_agent').on(t.queueId, t.agentId, t.createdAt, t.id).where(sql`${t.agentId} is not null`),
    index('cc_queue_members_priority').on(t.queueId, t.priority, t.createdAt, t.id),
    searchIndex('cc_queue_members_name_search', t.name),
  ],
);
