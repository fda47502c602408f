import { chatplan as chatplanDef } from '@switchboard/model';
import { chatplan } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

export const chatplanResource = defineServerResource(chatplanDef, {
  table: chatplan,
  refs: { schema: chatplan.flowId },
});
