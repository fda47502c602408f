import { z } from 'zod';
import {
  BY_NAME,
  DESCRIPTION_COLUMN,
  DESCRIPTION_FIELD,
  NAME_COLUMN,
  NAME_FIELD,
  NO_PATCH,
  nested,
  resource,
  sorted,
} from '../define.js';
import { CALENDAR_DEFAULT_END, CALENDAR_DEFAULT_START, MINUTES_PER_DAY } from '../lookups/calendars.js';
import { communicationTypes } from '../lookups/communication-types.js';
import { messages } from '../messages.js';
import { ref } from '../resource.js';
import { int, nonEmptyArray, oneOf, optionalText, refInput, required, requiredRef } from '../validation.js';
import { resources } from './resources.js';
import { timeRangeProblems } from './time-ranges.js';

/**
 * How a group picks the resource of the next call: `topDown` the first free one by priority,
 * `roundRobin` each in turn, `random` any free one. `topDown` is the default.
 */
export const RESOURCE_GROUP_STRATEGIES = ['topDown', 'roundRobin', 'random'] as const;
export type ResourceGroupStrategy = (typeof RESOURCE_GROUP_STRATEGIES)[number];

/** Spec part 2 section 9: a new group dials from 09:00 (540) to 20:00 (1200). */
export const RESOURCE_GROUP_TIME_START = CALENDAR_DEFAULT_START;
export const RESOURCE_GROUP_TIME_END = CALENDAR_DEFAULT_END;

const timeRow = z.object({
  startTimeOfDay: int({ min: 0, max: MINUTES_PER_DAY }),
  endTimeOfDay: int({ min: 0, max: MINUTES_PER_DAY }),
});

/** One or more ranges of the day; the failing row's field carries the message. */
const timeRanges = nonEmptyArray(timeRow).superRefine((rows, ctx) => {
  for (const p of timeRangeProblems(rows))
    ctx.addIssue({ code: 'custom', path: [p.index, p.field], message: p.message });
});

const resourceGroupInput = z.object({
  name: required(),
  strategy: oneOf(RESOURCE_GROUP_STRATEGIES).default('topDown'),
  description: optionalText(),
  communication: requiredRef(),
  time: timeRanges.default([{ startTimeOfDay: RESOURCE_GROUP_TIME_START, endTimeOfDay: RESOURCE_GROUP_TIME_END }]),
});

/**
 * Resource group (spec part 2 section 3): resources a queue dials through, for one communication
 * type, within time ranges of the day; per-record permissions; loggable.
 */
export const resourceGroups = resource({
  name: 'resourceGroups',
  noun: 'resource group',
  path: '/call_center/resource_group',
  objClass: 'cc_resource_group',
  area: 'contact-center',
  input: resourceGroupInput,
  listFields: ['id', 'name', 'strategy', 'description', 'communication'],
  ...BY_NAME,
  columns: [NAME_COLUMN, sorted('communication', 'ref'), sorted('strategy', 'enum'), DESCRIPTION_COLUMN],
  recordAcl: true,
  logObject: 'resource_groups',
  refs: { communication: ref(() => communicationTypes) },
  form: {
    tabs: [
      {
        key: 'general',
        fields: [
          NAME_FIELD,
          { field: 'communication', kind: 'ref', required: true },
          { field: 'strategy', kind: 'select', options: RESOURCE_GROUP_STRATEGIES, required: true },
          DESCRIPTION_FIELD,
        ],
      },
      {
        key: 'time',
        fields: [
          {
            field: 'time',
            kind: 'rows',
            required: true,
            addLabel: 'resourceGroups.addRange',
            columns: [
              { field: 'startTimeOfDay', kind: 'time', required: true },
              { field: 'endTimeOfDay', kind: 'time', required: true },
            ],
          },
        ],
      },
    ],
  },
});

/** A reserve that is the resource itself reserves nothing: the server and the form refuse it. */
export function groupResourceProblems(body: {
  resource?: { id?: unknown } | null;
  reserveResource?: { id?: unknown } | null;
}): { field: string; message: string }[] {
  const reserve = body.reserveResource?.id;
  return reserve !== undefined && reserve === body.resource?.id
    ? [{ field: 'reserveResource', message: messages.reserveSame }]
    : [];
}

/** The path of one group's resources. */
export const resourceGroupResourcesPath = (groupId: number | string) =>
  `/call_center/resource_group/${groupId}/resource`;

/**
 * A resource of a group, with the reserve taken when it fails and its priority (higher first);
 * served under the group, whose class and record rights govern it.
 */
export const resourceGroupResources = nested({
  name: 'resourceGroupResources',
  noun: 'group resource',
  path: resourceGroupResourcesPath(':groupId'),
  input: z.object({
    resource: requiredRef(),
    reserveResource: refInput().nullable().default(null),
    priority: int({ min: 0, max: 1000 }).default(0),
  }),
  defaultSort: '-priority',
  columns: [sorted('resource', 'ref'), sorted('reserveResource', 'ref'), sorted('priority')],
  refs: { resource: ref(() => resources), reserveResource: ref(() => resources) },
  ops: NO_PATCH,
  parent: resourceGroups,
  param: 'groupId',
  form: {
    fields: [
      { field: 'resource', kind: 'ref', required: true },
      { field: 'reserveResource', kind: 'ref' },
      { field: 'priority', kind: 'number', min: 0, max: 1000 },
    ],
  },
});
