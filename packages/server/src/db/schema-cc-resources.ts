// Tables of the contact center's outbound resources and resource groups; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { sipGateways } from './schema-gateways.js';
import { emptyText, flag, refId, sortIndex, stamps, uniqueNameIndexes } from './schema-helpers.js';
import { communicationTypes } from './schema-lookups.js';

/**
 * Outbound resources; a gateway in use cannot go (the server names the resources first). Foreign
 * keys that refuse a delete are checked at the end of the statement (no action), so deleting a
 * whole domain cascades through them.
 */
export const ccResources = pgTable(
  'cc_resources',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    gatewayId: refId('gateway_id', () => sipGateways.id, 'no action'),
    rps: integer('rps').notNull().default(10),
    limit: integer('limit').notNull().default(10),
    enabled: flag('enabled', true),
    description: emptyText('description'),
    maxSuccessivelyErrors: integer('max_successively_errors').notNull().default(2),
    errorIds: text('error_ids').array().notNull().default(sql`'{}'::text[]`),
    display: emptyText('display'),
    patterns: text('patterns').array().notNull().default(sql`'{}'::text[]`),
    failureDialDelay: integer('failure_dial_delay').notNull().default(0),
    parameters: jsonb('parameters')
      .$type<{ cidType: string; ignoreEarlyMedia: string }>()
      .notNull()
      .default({ cidType: 'none', ignoreEarlyMedia: 'false' }),
    ...stamps,
  },
  (t) => [...uniqueNameIndexes('cc_resources', t), index('cc_resources_gateway').on(t.gatewayId)],
);

/** Display numbers of a resource; one row per number and resource. */
export const ccResourceDisplays = pgTable(
  'cc_resource_displays',
  {
    ...domainRecord(),
    resourceId: refId('resource_id', () => ccResources.id, 'cascade'),
    display: text('display').notNull(),
  },
  (t) => [
    uniqueIndex('cc_resource_displays_resource_display').on(t.resourceId, t.display),
    index('cc_resource_displays_display_search').using(
      'btree',
      t.resourceId,
      sql`lower(${t.display}) text_pattern_ops`,
    ),
    sortIndex('cc_resource_displays_display_sort', t.resourceId, t.display, t.id),
  ],
);

/** Resource groups: time ranges of the day as `[{startTimeOfDay, endTimeOfDay}]`. */
export const ccResourceGroups = pgTable(
  'cc_resource_groups',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    strategy: text('strategy').notNull().default('topDown'),
    description: emptyText('description'),
    communicationId: refId('communication_id', () => communicationTypes.id, 'no action'),
    time: jsonb('time')
      .$type<{ startTimeOfDay: number; endTimeOfDay: number }[]>()
      .notNull()
      .default([{ startTimeOfDay: 540, endTimeOfDay: 1200 }]),
    ...stamps,
  },
  (t) => [
    ...uniqueNameIndexes('cc_resource_groups', t),
    index('cc_resource_groups_communication').on(t.communicationId),
  ],
);

/** Resources of a group, each with an optional reserve; a resource in a group cannot go. */
export const ccResourceGroupResources = pgTable(
  'cc_resource_group_resources',
  {
    ...domainRecord(),
    groupId: refId('group_id', () => ccResourceGroups.id, 'cascade'),
    resourceId: refId('resource_id', () => ccResources.id, 'no action'),
    reserveResourceId: integer('reserve_resource_id').references(() => ccResources.id, { onDelete: 'no action' }),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [
    uniqueIndex('cc_resource_group_resources_group_resource').on(t.groupId, t.resourceId),
    index('cc_resource_group_resources_priority').on(t.groupId, t.priority, t.id),
    index('cc_resource_group_resources_resource').on(t.resourceId),
    index('cc_resource_group_resources_reserve').on(t.reserveResourceId),
  ],
);
