import { z } from 'zod';
import { BY_NAME, col, DESCRIPTION_COLUMN, DESCRIPTION_FIELD, NAME_COLUMN, NAME_FIELD, resource } from '../define.js';
import { ref } from '../resource.js';
import { optionalText, required } from '../validation.js';
import { flowRef, flows } from './flows.js';

/** Chat plans run chat flows. */
export const CHATPLAN_FLOW_TYPE = 'chat';

const chatplanInput = z.object({
  name: required(),
  schema: flowRef(),
  description: optionalText(),
  enabled: z.boolean().default(true),
});

export const chatplan = resource({
  name: 'chatplan',
  path: '/routing/outbound/chat',
  objClass: 'acr_routing',
  area: 'routing',
  input: chatplanInput,
  listFields: ['id', 'name', 'schema', 'description', 'enabled'],
  ...BY_NAME,
  sortable: ['enabled'],
  columns: [NAME_COLUMN, col('schema', 'ref'), DESCRIPTION_COLUMN, col('enabled', 'toggle')],
  refs: { schema: ref(() => flows, { filter: { type: CHATPLAN_FLOW_TYPE } }) },
  form: {
    fields: [
      NAME_FIELD,
      { field: 'schema', kind: 'ref', required: true },
      DESCRIPTION_FIELD,
      { field: 'enabled', kind: 'switch' },
    ],
  },
});
