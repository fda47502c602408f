import { z } from 'zod';
import {
  answerOf,
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
import { messages } from '../messages.js';
import { ref } from '../resource.js';
import { sipGateways } from '../routing/sip-gateways.js';
import { int, isPhone, optionalText, phone, required, requiredRef, timestamps } from '../validation.js';
import { parseSipCodeRange } from './error-ids.js';

/** Spec part 2 section 9: a new resource places 10 calls a second, 10 at once, and stops after 2 errors in a row. */
export const RESOURCE_CPS_DEFAULT = 10;
export const RESOURCE_LIMIT_DEFAULT = 10;
export const RESOURCE_MAX_ERRORS_DEFAULT = 2;
/** cps and limit: -1 (no limit) to 1000. */
export const RESOURCE_RATE_MIN = -1;
export const RESOURCE_RATE_MAX = 1000;
/** Successive errors before the resource is disabled: 0 (never) to 1000. */
export const RESOURCE_MAX_ERRORS_MAX = 1000;

/** How the caller id is sent to the gateway: the switch's default, Remote-Party-ID or P-Asserted-Identity. */
export const RESOURCE_CID_TYPES = ['none', 'rpid', 'pid'] as const;
/** What to do with early media before the answer: play it, ignore it, ring instead, or drop it. */
export const RESOURCE_EARLY_MEDIA = ['false', 'true', 'ring_ready', 'consume'] as const;

const sipErrorCode = () =>
  z
    .string()
    .trim()
    .refine((v) => parseSipCodeRange(v) !== null, { error: messages.sipErrorCode });

/** A number pattern: digits, `+`, `X` for any digit, `*` and `#`. */
const PATTERN = /^[+0-9Xx*#]+$/;
export const RESOURCE_PATTERN_INVALID = messages.numberPattern;

const resourceInput = z.object({
  name: required(),
  gateway: requiredRef(),
  /** cps on screen: calls started a second. */
  rps: int({ min: RESOURCE_RATE_MIN, max: RESOURCE_RATE_MAX }).default(RESOURCE_CPS_DEFAULT),
  /** Calls at once. */
  limit: int({ min: RESOURCE_RATE_MIN, max: RESOURCE_RATE_MAX }).default(RESOURCE_LIMIT_DEFAULT),
  enabled: z.boolean().default(true),
  description: optionalText(),
  /** maxErrors on screen: errors in a row that disable the resource. */
  maxSuccessivelyErrors: int({ min: 0, max: RESOURCE_MAX_ERRORS_MAX }).default(RESOURCE_MAX_ERRORS_DEFAULT),
  /** SIP responses counted as errors: codes (`503`) or ranges (`500-599`). */
  errorIds: z.array(sipErrorCode()).default([]),
  /** The display number used when the resource has none of its list to offer. */
  display: z
    .string()
    .trim()
    .refine((v) => v === '' || isPhone(v), { error: messages.phone })
    .default(''),
  patterns: z.array(required().refine((v) => PATTERN.test(v), { error: RESOURCE_PATTERN_INVALID })).default([]),
  /** Seconds to wait before dialing again after a failed attempt. */
  failureDialDelay: int({ min: 0, max: 86400 }).default(0),
  parameters: z
    .object({
      cidType: z.enum(RESOURCE_CID_TYPES).default('none'),
      ignoreEarlyMedia: z.enum(RESOURCE_EARLY_MEDIA).default('false'),
    })
    .default({ cidType: 'none', ignoreEarlyMedia: 'false' }),
});

/**
 * Outbound resource (spec part 2 section 3): a gateway-bound pool of lines with a rate and a
 * limit, disabled after too many errors in a row; per-record permissions; loggable.
 */
export const resources = resource({
  name: 'resources',
  noun: 'resource',
  path: '/call_center/resources',
  objClass: 'cc_resource',
  area: 'contact-center',
  input: resourceInput,
  item: answerOf(resourceInput, {
    parameters: z.object({ cidType: z.string(), ignoreEarlyMedia: z.string() }),
    ...timestamps(),
  }),
  listFields: ['id', 'name', 'gateway', 'rps', 'limit', 'enabled', 'description'],
  ...BY_NAME,
  sortable: ['maxSuccessivelyErrors'],
  columns: [
    NAME_COLUMN,
    sorted('gateway', 'ref'),
    sorted('rps'),
    sorted('limit'),
    DESCRIPTION_COLUMN,
    sorted('enabled', 'toggle'),
  ],
  recordAcl: true,
  logObject: 'resources',
  refs: { gateway: ref(() => sipGateways) },
  form: {
    fields: [
      NAME_FIELD,
      { field: 'gateway', kind: 'ref', required: true },
      { field: 'rps', kind: 'number', required: true, min: RESOURCE_RATE_MIN, max: RESOURCE_RATE_MAX },
      { field: 'limit', kind: 'number', required: true, min: RESOURCE_RATE_MIN, max: RESOURCE_RATE_MAX },
      { field: 'maxSuccessivelyErrors', kind: 'number', required: true, min: 0, max: RESOURCE_MAX_ERRORS_MAX },
      { field: 'errorIds', kind: 'tags' },
      { field: 'display' },
      { field: 'patterns', kind: 'tags' },
      { field: 'failureDialDelay', kind: 'number', min: 0, max: 86400 },
      { field: 'enabled', kind: 'switch' },
      DESCRIPTION_FIELD,
    ],
  },
});

/** A display number the resource has already (a 409 on one, a line of an import report). */
export const DISPLAY_TAKEN = messages.displayTaken;

/** The path of one resource's display numbers. */
export const resourceDisplaysPath = (resourceId: number | string) => `/call_center/resources/${resourceId}/display`;

/**
 * A display number of a resource (spec: resource number, display), served under it; the
 * resource's class and record rights govern it. Loaded in bulk by a CSV import.
 */
export const resourceDisplays = nested({
  name: 'resourceDisplays',
  noun: 'display number',
  path: resourceDisplaysPath(':resourceId'),
  input: z.object({ display: phone() }),
  search: ['display'],
  defaultSort: '+display',
  columns: [sorted('display')],
  ops: NO_PATCH,
  parent: resources,
  param: 'resourceId',
  export: ['display'],
  import: { columns: [{ field: 'display', required: true, aliases: ['number', 'phone'] }], mapping: true },
  form: { fields: [{ field: 'display', required: true }] },
});
