// Tables of the contact center's agents and teams; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { domainId, users } from './schema-core.js';
import { searchIndex, sortIndex, stamps } from './schema-helpers.js';
import { regions, skills } from './schema-lookups.js';
import { mediaFiles } from './schema-media.js';

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    domainId: domainId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    strategy: text('strategy').notNull().default('random'),
    maxNoAnswer: integer('max_no_answer').notNull().default(3),
    wrapUpTime: integer('wrap_up_time').notNull().default(15),
    noAnswerDelayTime: integer('no_answer_delay_time').notNull().default(30),
    callTimeout: integer('call_timeout').notNull().default(60),
    inviteChatTimeout: integer('invite_chat_timeout').notNull().default(30),
    busyDelayTime: integer('busy_delay_time').notNull().default(0),
    rejectDelayTime: integer('reject_delay_time').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('teams_domain_name').on(t.domainId, sql`lower(${t.name})`),
    searchIndex('teams_name_search', t.name),
    sortIndex('teams_name_sort', t.domainId, t.name, t.id),
  ],
);

/**
 * Agents: one per user at most. The team is required on every write, but a team's members tab
 * may clear it, so the column is nullable; a team with agents is not deleted (409).
 */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    domainId: domainId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    progressiveCount: integer('progressive_count').notNull().default(1),
    chatCount: integer('chat_count').notNull().default(1),
    isSupervisor: boolean('is_supervisor').notNull().default(false),
    description: text('description').notNull().default(''),
    greetingMediaId: integer('greeting_media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('offline'),
    /** The pause cause of a pause; empty otherwise. */
    statusPayload: text('status_payload').notNull().default(''),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ...stamps,
  },
  (t) => [uniqueIndex('agents_domain_user').on(t.domainId, t.userId), index('agents_team').on(t.teamId)],
);

/** An agent's supervisors (agents marked isSupervisor). */
export const agentSupervisors = pgTable(
  'agent_supervisors',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    supervisorId: integer('supervisor_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.supervisorId] }),
    index('agent_supervisors_supervisor').on(t.supervisorId),
  ],
);

/** An agent's auditors (users). */
export const agentAuditors = pgTable(
  'agent_auditors',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.userId] }), index('agent_auditors_user').on(t.userId)],
);

/** A team's admins (supervisor agents). */
export const teamAdmins = pgTable(
  'team_admins',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.agentId] }), index('team_admins_agent').on(t.agentId)],
);

/** Skills of agents: one row per agent and skill. A held skill is not deleted (409). */
export const agentSkills = pgTable(
  'agent_skills',
  {
    id: serial('id').primaryKey(),
    domainId: domainId(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
    capacity: integer('capacity').notNull().default(10),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('agent_skills_agent_skill').on(t.agentId, t.skillId), index('agent_skills_skill').on(t.skillId)],
);

/** Agent state history: one entry per status change; its duration is set when the next one starts. */
export const agentStates = pgTable(
  'agent_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: domainId(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    from: text('from_status').notNull().default(''),
    to: text('to_status').notNull(),
    /** Seconds until the next change; null while it lasts. */
    duration: integer('duration'),
    channel: text('channel').notNull().default(''),
    payload: text('payload').notNull().default(''),
  },
  (t) => [index('agent_states_agent_joined').on(t.agentId, t.joinedAt)],
);
