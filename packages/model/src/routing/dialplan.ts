import { z } from 'zod';
import { answerOf, col, DESCRIPTION_FIELD, NAME_COLUMN, NAME_FIELD, resource, sorted } from '../define.js';
import { messages } from '../messages.js';
import { ref } from '../resource.js';
import { optionalText, refOutput, required, timestamps } from '../validation.js';
import { flowRef, flows } from './flows.js';

/** Dialplan rules run voice flows; chat plans run chat flows. */
export const DIALPLAN_FLOW_TYPE = 'voice';
/** A pattern is a JavaScript regular expression, compiled without flags, matched anywhere in the number. */
export const DIALPLAN_PATTERN_MAX_LENGTH = 1000;
/** The tester takes a dialled number of at most this many characters. */
export const DIALPLAN_NUMBER_MAX_LENGTH = 64;
/** Message of a pattern that does not compile. */
export const INVALID_REGEX_MESSAGE = messages.regex;

/** Does the text compile as a regular expression (JavaScript syntax, no flags)? */
export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const dialplanInput = z.object({
  name: required(),
  schema: flowRef(),
  pattern: required()
    .max(DIALPLAN_PATTERN_MAX_LENGTH, { error: `${messages.max} ${DIALPLAN_PATTERN_MAX_LENGTH}` })
    .refine(isValidPattern, { error: INVALID_REGEX_MESSAGE }),
  description: optionalText(),
  disabled: z.boolean().default(false),
});

export const dialplan = resource({
  name: 'dialplan',
  path: '/routing/outbound/calls',
  objClass: 'acr_routing',
  area: 'routing',
  input: dialplanInput,
  item: answerOf(dialplanInput, { position: z.number(), ...timestamps() }),
  listFields: ['id', 'name', 'schema', 'pattern', 'description', 'disabled', 'position'],
  search: ['name', 'pattern'],
  sortable: ['position'],
  defaultSort: '+position',
  columns: [NAME_COLUMN, sorted('pattern'), col('schema', 'ref'), col('description'), col('disabled', 'toggle')],
  refs: { schema: ref(() => flows, { filter: { type: DIALPLAN_FLOW_TYPE } }) },
  form: {
    fields: [
      NAME_FIELD,
      { field: 'schema', kind: 'ref', required: true },
      { field: 'pattern', required: true },
      DESCRIPTION_FIELD,
      { field: 'disabled', kind: 'switch' },
    ],
  },
});

/** GET /routing/outbound/calls/match?number=: the rule a number would take, or null. */
export const dialplanMatchQuery = z.object({
  number: required().max(DIALPLAN_NUMBER_MAX_LENGTH, { error: `${messages.max} ${DIALPLAN_NUMBER_MAX_LENGTH}` }),
});
export const dialplanMatch = z.object({
  item: z
    .object({ id: z.number(), name: z.string(), pattern: z.string(), position: z.number(), schema: refOutput() })
    .nullable(),
});
