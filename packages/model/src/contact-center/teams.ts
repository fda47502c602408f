import { z } from 'zod';
import {
  BY_NAME,
  col,
  DESCRIPTION_COLUMN,
  DESCRIPTION_FIELD,
  NAME_COLUMN,
  NAME_FIELD,
  resource,
  sorted,
} from '../define.js';
import { named, ref } from '../resource.js';
import { int, oneOf, optionalText, refInput, refOutput, required } from '../validation.js';

/** Distribution strategies of a team (spec part 2 section 3). */
export const TEAM_STRATEGIES = [
  'random',
  'fewestCalls',
  'leastTalkTime',
  'topDown',
  'roundRobin',
  'roundRobinBucket',
  'longestIdleAgent',
  'skillCapacity',
] as const;
export type TeamStrategy = (typeof TEAM_STRATEGIES)[number];

/**
 * Team timer defaults (spec part 2 sections 3 and 9). The spec shows none for busyDelayTime and
 * rejectDelayTime: Switchboard starts them at 0 (no delay).
 */
export const TEAM_DEFAULTS = {
  strategy: 'random',
  maxNoAnswer: 3,
  wrapUpTime: 15,
  noAnswerDelayTime: 30,
  callTimeout: 60,
  inviteChatTimeout: 30,
  busyDelayTime: 0,
  rejectDelayTime: 0,
} as const;

const seconds = () => int({ min: 0 });

/**
 * Team (spec part 2 section 3): timers, a distribution strategy and its admins (supervisor
 * agents). Its members are the agents whose team it is (`teamMembersPath`).
 */
export const teams = resource({
  name: 'teams',
  noun: 'team',
  path: '/call_center/teams',
  objClass: 'cc_team',
  area: 'contact-center',
  input: z.object({
    name: required(),
    description: optionalText(),
    strategy: oneOf(TEAM_STRATEGIES).default(TEAM_DEFAULTS.strategy),
    admin: z.array(refInput()).default([]),
    maxNoAnswer: seconds().default(TEAM_DEFAULTS.maxNoAnswer),
    wrapUpTime: seconds().default(TEAM_DEFAULTS.wrapUpTime),
    noAnswerDelayTime: seconds().default(TEAM_DEFAULTS.noAnswerDelayTime),
    callTimeout: seconds().default(TEAM_DEFAULTS.callTimeout),
    inviteChatTimeout: seconds().default(TEAM_DEFAULTS.inviteChatTimeout),
    busyDelayTime: seconds().default(TEAM_DEFAULTS.busyDelayTime),
    rejectDelayTime: seconds().default(TEAM_DEFAULTS.rejectDelayTime),
  }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    strategy: z.enum(TEAM_STRATEGIES),
    admin: z.array(refOutput()),
    maxNoAnswer: z.number(),
    wrapUpTime: z.number(),
    noAnswerDelayTime: z.number(),
    callTimeout: z.number(),
    inviteChatTimeout: z.number(),
    busyDelayTime: z.number(),
    rejectDelayTime: z.number(),
    members: z.number(),
  }),
  listFields: ['id', 'name', 'description', 'strategy', 'admin', 'members'],
  ...BY_NAME,
  sortable: ['maxNoAnswer', 'wrapUpTime', 'callTimeout'],
  filters: [{ kind: 'enum', key: 'strategy', options: TEAM_STRATEGIES }],
  columns: [NAME_COLUMN, sorted('strategy', 'enum'), col('admin', 'tags'), col('members'), DESCRIPTION_COLUMN],
  recordAcl: true,
  logObject: 'teams',
  refs: { admin: ref(named('agents'), { many: true, filter: { isSupervisor: 'true' } }) },
  form: {
    fields: [
      NAME_FIELD,
      { field: 'strategy', kind: 'select', options: TEAM_STRATEGIES, required: true },
      { field: 'admin', kind: 'refs' },
      { field: 'maxNoAnswer', kind: 'number', min: 0, required: true },
      { field: 'wrapUpTime', kind: 'number', min: 0, required: true },
      { field: 'noAnswerDelayTime', kind: 'number', min: 0, required: true },
      { field: 'callTimeout', kind: 'number', min: 0, required: true },
      { field: 'inviteChatTimeout', kind: 'number', min: 0, required: true },
      { field: 'busyDelayTime', kind: 'number', min: 0 },
      { field: 'rejectDelayTime', kind: 'number', min: 0 },
      DESCRIPTION_FIELD,
    ],
  },
});

/** Team members: `PUT` adds an agent (moving it from its old team), `DELETE` clears its team. */
export const teamMembersPath = (teamId: number | string) => `/call_center/teams/${teamId}/members`;
