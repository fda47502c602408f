import { agentStates as agentStatesDef } from '@switchboard/model';
import { agentStates } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

/**
 * An agent's state history (`/call_center/agents/{agentId}/states/history`): read-only, newest
 * first; `from`/`to` (epoch ms) filter the time a state began, `q` its payload (a pause cause).
 */
export const agentStatesResource = defineServerResource(agentStatesDef, {
  table: agentStates,
});
