import { CHATPLAN_FLOW_TYPE, chatplan as chatplanDef } from '@switchboard/model';
import { chatplan } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { checkFlowRef, flowRefBinding } from './flows/ref.js';

export const chatplanResource = defineServerResource(chatplanDef, {
  table: chatplan,
  fields: { schema: flowRefBinding },
  beforeWrite: checkFlowRef('chatplan', CHATPLAN_FLOW_TYPE),
});
