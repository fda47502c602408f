import { z } from 'zod';
import { BY_NAME, CRUD, col, DESCRIPTION_FIELD, NAME_COLUMN, nested, resource, sorted } from '../define.js';
import { users } from '../directory/users.js';
import { media } from '../lookups/media.js';
import { regions } from '../lookups/regions.js';
import { skills } from '../lookups/skills.js';
import { type FormField, type ResourceDef, ref } from '../resource.js';
import { int, oneOf, optionalText, refInput, refOutput, requiredRef, timestamps } from '../validation.js';
import { teams } from './teams.js';

/** Agent statuses (spec part 2 section 3); breakOut is a forced pause. */
export const AGENT_STATUSES = ['online', 'offline', 'pause', 'breakOut'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** Statuses an administrator or a supervisor may set from the console (a break out is the system's). */
export const AGENT_SET_STATUSES = ['online', 'offline', 'pause'] as const;

/** Defaults of a new agent (spec part 2 section 3). */
export const AGENT_DEFAULTS = { progressiveCount: 1, chatCount: 1 } as const;

/** Agent skill capacity: 10 by default, 0 to 100 (REFERENCE "Required fields per form"). */
export const AGENT_SKILL_CAPACITY = { default: 10, min: 0, max: 100 } as const;

/** Past this many seconds a status duration shows as ">24:00:00" (spec part 2 section 3). */
export const STATUS_DURATION_CAP = 86_400;

/** A status duration in seconds as HH:MM:SS, or ">24:00:00" when over a day. */
export function formatStatusDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '00:00:00';
  if (seconds > STATUS_DURATION_CAP) return '>24:00:00';
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * Agent (spec part 2 section 3). Its name is its user's; the user must not be an agent yet
 * (`AGENT_USERS_PATH` lists the candidates). The team is required on every write; a team's
 * members tab may clear it (the agent then has none until it is given one again). Status is
 * changed by the telephony side (`agent.status` events) or by `agentStatusPath`, not by a save.
 */
export const agents = resource({
  name: 'agents',
  noun: 'agent',
  path: '/call_center/agents',
  objClass: 'cc_agent',
  area: 'contact-center',
  input: z.object({
    user: requiredRef(),
    team: requiredRef(),
    supervisor: z.array(refInput()).default([]),
    auditor: z.array(refInput()).default([]),
    region: refInput().nullable().default(null),
    progressiveCount: int({ min: 1, max: 100 }).default(AGENT_DEFAULTS.progressiveCount),
    chatCount: int({ min: 0, max: 100 }).default(AGENT_DEFAULTS.chatCount),
    isSupervisor: z.boolean().default(false),
    description: optionalText(),
    greetingMedia: refInput().nullable().default(null),
  }),
  item: z.object({
    id: z.number(),
    user: refOutput(),
    name: z.string(),
    team: refOutput().nullable(),
    supervisor: z.array(refOutput()),
    auditor: z.array(refOutput()),
    region: refOutput().nullable(),
    progressiveCount: z.number(),
    chatCount: z.number(),
    isSupervisor: z.boolean(),
    description: z.string(),
    greetingMedia: refOutput().nullable(),
    status: z.enum(AGENT_STATUSES),
    /** The pause cause of a pause, else empty. */
    statusPayload: z.string(),
    /** Seconds in the current status. */
    statusDuration: z.number(),
    ...timestamps(),
  }),
  listFields: ['id', 'name', 'user', 'team', 'supervisor', 'isSupervisor', 'status', 'statusPayload', 'statusDuration'],
  ...BY_NAME,
  sort: ['id', 'name', 'status', 'progressiveCount', 'chatCount', 'description'],
  filters: [{ kind: 'ref', key: 'team', path: '/call_center/teams', objClass: 'cc_team' }],
  columns: [NAME_COLUMN, sorted('status'), col('team', 'ref'), col('supervisor', 'tags')],
  recordAcl: true,
  logObject: 'agents',
  refs: {
    // The user is checked and named by the server as a reference too, but its picker is the
    // lookup of users who are not agents yet (AGENT_USERS_PATH), not the users list.
    team: ref((): ResourceDef => teams),
    supervisor: ref((): ResourceDef => agents, { many: true, filter: { isSupervisor: 'true' } }),
    auditor: ref((): ResourceDef => users, { many: true }),
    region: ref((): ResourceDef => regions),
    greetingMedia: ref((): ResourceDef => media),
  },
  form: {
    fields: [
      { field: 'user', kind: 'ref', path: '/call_center/lookups/agents/users', required: true },
      { field: 'team', kind: 'ref', path: '/call_center/teams', required: true },
      { field: 'supervisor', kind: 'refs' },
      { field: 'auditor', kind: 'refs' },
      { field: 'region', kind: 'ref' },
      { field: 'progressiveCount', kind: 'number', min: 1, max: 100, required: true },
      { field: 'chatCount', kind: 'number', min: 0, max: 100, required: true },
      { field: 'isSupervisor', kind: 'switch' },
      { field: 'greetingMedia', kind: 'ref' },
      DESCRIPTION_FIELD,
    ],
  },
});

/** Users of the domain who are not agents yet: the choices of a new agent's user (`q` searches). */
export const AGENT_USERS_PATH = '/call_center/lookups/agents/users';

/** Sets an agent's status from the console: `PUT` `{status, pauseCause?}` (a pause cause's id). */
export const agentStatusPath = (agentId: number | string) => `/call_center/agents/${agentId}/status`;
export const agentStatusInput = z.object({
  status: oneOf(AGENT_SET_STATUSES),
  pauseCause: refInput().nullable().default(null),
});

/** Subordinates of a supervisor agent: `PUT` / `DELETE` `.../subordinates/{agentId}` adds or removes one. */
export const agentSubordinatesPath = (agentId: number | string) => `/call_center/agents/${agentId}/subordinates`;

/** What an agent skill holds beside its agent and its skill, seen from either side. */
const skillLink = {
  input: {
    capacity: int({ min: AGENT_SKILL_CAPACITY.min, max: AGENT_SKILL_CAPACITY.max }).default(
      AGENT_SKILL_CAPACITY.default,
    ),
    enabled: z.boolean().default(true),
  },
  item: { team: refOutput().nullable(), capacity: z.number(), enabled: z.boolean() },
  columns: [sorted('capacity'), col('enabled', 'toggle')],
  form: [
    { field: 'capacity', kind: 'number', min: AGENT_SKILL_CAPACITY.min, max: AGENT_SKILL_CAPACITY.max, required: true },
    { field: 'enabled', kind: 'switch' },
  ] satisfies FormField[],
  ops: { ...CRUD, bulkCreate: true },
};

/** Aggregates an agent skills list answers beside its items. */
export const agentSkillAggs = z.object({
  total: z.number(),
  enabled: z.number(),
  minCapacity: z.number().nullable(),
  maxCapacity: z.number().nullable(),
});

/** The path of one agent's skills. */
export const agentSkillsPath = (agentId: number | string) => `/call_center/agents/${agentId}/skills`;

/**
 * A skill of an agent (spec: agent, skill, team, capacity 10 by default, enabled), under the
 * agent; the agent's class and record rights govern it. `team` is the agent's, read-only.
 */
export const agentSkills = nested({
  name: 'agentSkills',
  noun: 'agent skill',
  path: agentSkillsPath(':agentId'),
  input: z.object({ skill: requiredRef(), ...skillLink.input }),
  item: z.object({ id: z.number(), agentId: z.number(), skill: refOutput(), ...skillLink.item }),
  search: ['skillName'],
  sortable: ['enabled'],
  defaultSort: '+skill',
  columns: [sorted('skill', 'ref'), ...skillLink.columns],
  refs: { skill: ref((): ResourceDef => skills) },
  ops: skillLink.ops,
  parent: agents,
  param: 'agentId',
  form: { fields: [{ field: 'skill', kind: 'ref', required: true }, ...skillLink.form] },
});

/** The path of the agents holding one skill. */
export const skillAgentsPath = (skillId: number | string) => `/call_center/skills/${skillId}/agents`;

/**
 * The agents holding a skill (`/call_center/skills/{id}/agents`): the same records as agent
 * skills, seen from the skill. Skills give every user full rights, but these records change
 * agents: the agents class guards them (`rights: 'own'`), reading with `r`, adding with `x`,
 * changing with `w`, removing with `d`.
 */
export const skillAgents = nested({
  name: 'skillAgents',
  noun: 'agent skill',
  path: skillAgentsPath(':skillId'),
  objClass: 'cc_agent',
  input: z.object({ agent: requiredRef(), ...skillLink.input }),
  item: z.object({ id: z.number(), skillId: z.number(), agent: refOutput(), ...skillLink.item }),
  search: ['agentName'],
  sortable: ['enabled'],
  defaultSort: '+agent',
  columns: [sorted('agent', 'ref'), col('team', 'ref'), ...skillLink.columns],
  refs: { agent: ref((): ResourceDef => agents) },
  ops: skillLink.ops,
  parent: skills,
  param: 'skillId',
  rights: 'own',
  form: { fields: [{ field: 'agent', kind: 'ref', required: true }, ...skillLink.form] },
});

/** The path of one agent's state history. */
export const agentStatesPath = (agentId: number | string) => `/call_center/agents/${agentId}/states/history`;

/**
 * An agent's state history (spec: joined_at, from, to, duration, channel, payload): one entry per
 * status change, written by the server; `duration` (seconds) is set when the next change closes
 * it. Read-only, under the agent's read right, newest first; `from`/`to` (epoch ms) filter joinedAt.
 */
export const agentStates = nested({
  name: 'agentStates',
  path: agentStatesPath(':agentId'),
  item: z.object({
    id: z.number(),
    agentId: z.number(),
    joinedAt: z.string(),
    from: z.string(),
    to: z.string(),
    duration: z.number().nullable(),
    channel: z.string(),
    payload: z.string(),
  }),
  search: ['payload'],
  defaultSort: '-joinedAt',
  filters: [{ kind: 'dateRange', key: 'joinedAt', from: 'from', to: 'to' }],
  columns: [sorted('joinedAt', 'date'), col('from'), col('to'), sorted('duration'), col('channel'), col('payload')],
  parent: agents,
  param: 'agentId',
});
