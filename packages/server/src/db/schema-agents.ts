import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainLogRecord, domainRecord, namedRecord, users } from './schema-core.js';
import { heldOnceTable } from './schema-held-once.js';
import { emptyText, flag, linkTable, refId, stamps, timestamptz, uniqueNameIndexes } from './schema-helpers.js';
import { regions, skills } from './schema-lookups.js';
import { mediaFiles } from './schema-media.js';

export const teams = pgTable(
  'teams',
  {
    ...namedRecord(),
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
  (t) => [...uniqueNameIndexes('teams', t)],
);

/**
 * Agents: one per user at most. The team is required on every write, but a team's members tab
 * may clear it, so the column is nullable; a team with agents is not deleted (409).
 */
export const agents = pgTable(
  'agents',
  {
    ...domainRecord(),
    userId: refId('user_id', () => users.id, 'cascade'),
    teamId: integer('team_id').references(() => teams.id),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    progressiveCount: integer('progressive_count').notNull().default(1),
    chatCount: integer('chat_count').notNull().default(1),
    isSupervisor: flag('is_supervisor', false),
    description: emptyText('description'),
    greetingMediaId: integer('greeting_media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('offline'),
    /** The pause cause of a pause; empty otherwise. */
    statusPayload: emptyText('status_payload'),
    statusChangedAt: timestamptz('status_changed_at').notNull().defaultNow(),
    ...stamps,
  },
  (t) => [uniqueIndex('agents_domain_user').on(t.domainId, t.userId), index('agents_team').on(t.teamId)],
);

/** An agent's supervisors (agents marked isSupervisor). */
export const agentSupervisors = linkTable('agent_supervisors', {
  agentId: () => agents.id,
  supervisorId: () => agents.id,
});

/** An agent's auditors (users). */
export const agentAuditors = linkTable('agent_auditors', { agentId: () => agents.id, userId: () => users.id });

/** A team's admins (supervisor agents). */
export const teamAdmins = linkTable('team_admins', { teamId: () => teams.id, agentId: () => agents.id });

/** Skills of agents: one row per agent and skill. A held skill is not deleted (409). */
export const agentSkills = heldOnceTable(
  'agent_skills',
  ['agent', 'skill'],
  {
    agentId: refId('agent_id', () => agents.id, 'cascade'),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
  },
  { capacity: integer('capacity').notNull().default(10), enabled: flag('enabled', true) },
);

/** Agent state history: one entry per status change; its duration is set when the next one starts. */
export const agentStates = pgTable(
  'agent_states',
  {
    ...domainLogRecord(),
    agentId: refId('agent_id', () => agents.id, 'cascade'),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    from: emptyText('from_status'),
    to: text('to_status').notNull(),
    /** Seconds until the next change; null while it lasts. */
    duration: integer('duration'),
    channel: emptyText('channel'),
    payload: emptyText('payload'),
  },
  (t) => [index('agent_states_agent_joined').on(t.agentId, t.joinedAt)],
);
