import { z } from 'zod';
import { MEMBER_COMMUNICATIONS_MAX, queues } from '../contact-center/queues.js';
import {
  BY_NAME_AND_TIME,
  col,
  DESCRIPTION_FIELD,
  NAME_COLUMN,
  NAME_FIELD,
  NO_PATCH,
  resource,
  sorted,
} from '../define.js';
import { IMPORT_CHARSETS, IMPORT_MODES, IMPORT_SEPARATORS } from '../imports.js';
import { messages } from '../messages.js';
import { type ResourceDef, ref } from '../resource.js';
import { int, missingOr, oneOf, optionalText, refOutput, required, requiredRef, timestamps } from '../validation.js';

/**
 * CSV import templates (spec part 2 sections 2, 3 and 9; REFERENCE.md "Member import"): how the
 * columns of a CSV file become members of a queue. Running one (`POST
 * /storage/import_templates/{id}/import`) loads a file into its queue through the import pipeline.
 */

/** What a template imports into: the members of a queue (the only source the spec names). */
export const IMPORT_TEMPLATE_SOURCE_TYPES = ['queue'] as const;

/** Spec part 2 section 9: charset utf-8, separator comma, skip headers on. */
export const IMPORT_TEMPLATE_DEFAULTS = {
  charset: 'utf-8',
  separator: ',',
  skipHeaders: true,
  clearMembers: false,
} as const;

/**
 * What a row does whose destination already belongs to a member of the queue, or repeats an
 * earlier row of the file: `skip` leaves it out (reported, not an error), `update` makes it
 * replace that member (the file's last such row wins), `allow` adds it as another member.
 */
export const DUPLICATE_POLICIES = ['skip', 'update', 'allow'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];
export const DUPLICATE_POLICY_DEFAULT: DuplicatePolicy = 'skip';

/** Mapped fields (REFERENCE.md "Member import"), in the order the editor shows them. */
export const MAPPING_FIELDS = [
  'name',
  'timezoneId',
  'priority',
  'expireAt',
  'bucketId',
  'agentId',
  'variables',
  'destination',
  'commPriority',
  'code',
  'description',
  'dtmf',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
/** Mapped fields taking several columns; the others take one. */
export const MAPPING_MULTIPLE = ['variables', 'destination', 'code'] as const;
const multiple: readonly MappingField[] = MAPPING_MULTIPLE;
export const MAPPING_SINGLE = MAPPING_FIELDS.filter(
  (f): f is Exclude<MappingField, (typeof MAPPING_MULTIPLE)[number]> => !multiple.includes(f),
);
export const MAPPING_REQUIRED: readonly MappingField[] = ['name', 'destination', 'code'];

/** The template's own messages (English; the console says them through `importTemplates.messages`). */
export const importTemplateMessages = {
  /** A column picked twice for one field. */
  columnTwice: 'The same column is picked twice',
  /** destination and code are matched by position: as many of one as of the other. */
  codesPerDestination: 'Pick a code column for each destination column',
  /** More destination columns than a member takes. */
  tooManyColumns: `At most ${MEMBER_COMMUNICATIONS_MAX} columns`,
  /** A mapped column the file does not have (by header name or number). */
  noSuchColumn: 'The file has no such column',
  /** Row checks of an import. */
  unknownCode: 'No communication type has this code',
  noSuchBucket: 'No such bucket',
  noSuchAgent: 'No such agent',
  dtmf: 'Should hold digits, *, # and A-D only',
  expireAt: 'Should be a date or a date and time',
  noDestination: 'The row has no destination',
  tooManyCommunications: `A member has at most ${MEMBER_COMMUNICATIONS_MAX} communications`,
  destinationTaken: 'Skipped: this destination already belongs to a member of the queue',
  destinationRepeated: 'Skipped: this destination is already on line {{line}}',
  destinationReplaced: 'Replaced by line {{line}}, which has the same destination',
} as const;

/** A column of the file: its header text (when the file has a header row) or its number from 1. */
const column = () =>
  z
    .string({ error: missingOr('Should be text') })
    .trim()
    .max(200, { error: `${messages.max} 200` });
const optionalColumn = () => column().default('');
const columns = () =>
  z
    .array(column())
    .default([])
    .transform((list) => list.filter((c) => c !== ''));

export const importMappings = z
  .object(
    {
      name: column().min(1, { error: messages.required }),
      timezoneId: optionalColumn(),
      priority: optionalColumn(),
      expireAt: optionalColumn(),
      bucketId: optionalColumn(),
      agentId: optionalColumn(),
      /** Each column's header becomes the variable's key. */
      variables: columns(),
      destination: columns()
        .refine((l) => l.length > 0, { error: messages.required })
        .refine((l) => l.length <= MEMBER_COMMUNICATIONS_MAX, { error: importTemplateMessages.tooManyColumns }),
      commPriority: optionalColumn(),
      /** The communication type's code of each destination column, by position. */
      code: columns().refine((l) => l.length > 0, { error: messages.required }),
      description: optionalColumn(),
      dtmf: optionalColumn(),
    },
    { error: messages.required },
  )
  .superRefine((m, ctx) => {
    if (m.code.length > 0 && m.destination.length > 0 && m.code.length !== m.destination.length)
      ctx.addIssue({ code: 'custom', path: ['code'], message: importTemplateMessages.codesPerDestination });
    const seen = new Map<string, string>();
    for (const field of MAPPING_FIELDS) {
      const value = m[field];
      const list = Array.isArray(value) ? value : value ? [value] : [];
      list.forEach((c, i) => {
        const k = c.toLowerCase();
        // A column may be both a destination and, say, the name; never twice for one field.
        const at = `${field}:${k}`;
        if (seen.has(at))
          ctx.addIssue({
            code: 'custom',
            path: Array.isArray(value) ? [field, i] : [field],
            message: importTemplateMessages.columnTwice,
          });
        seen.set(at, field);
      });
    }
  });
export type ImportMappings = z.output<typeof importMappings>;

export const importTemplateParameters = z.object(
  {
    charset: z
      .enum(IMPORT_CHARSETS, { error: `${messages.oneOf} ${IMPORT_CHARSETS.join(', ')}` })
      .default(IMPORT_TEMPLATE_DEFAULTS.charset),
    separator: z
      .enum(IMPORT_SEPARATORS, { error: `${messages.oneOf} , ; | \\t` })
      .default(IMPORT_TEMPLATE_DEFAULTS.separator),
    /** The file's first row names the columns (and is not imported). */
    skipHeaders: z.boolean({ error: messages.required }).default(IMPORT_TEMPLATE_DEFAULTS.skipHeaders),
    /** Delete the queue's members before loading the file. */
    clearMembers: z.boolean().default(IMPORT_TEMPLATE_DEFAULTS.clearMembers),
    mappings: importMappings,
  },
  { error: messages.required },
);
export type ImportTemplateParameters = z.output<typeof importTemplateParameters>;

const importTemplateInput = z.object({
  name: required(),
  description: optionalText(),
  /** The queue the members go to. */
  source: requiredRef(),
  sourceType: oneOf(IMPORT_TEMPLATE_SOURCE_TYPES).default('queue'),
  parameters: importTemplateParameters,
});

export const importTemplateItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  source: refOutput(),
  sourceType: z.string(),
  /** The queue's type: the console offers a run only where the server takes one. */
  sourceQueueType: z.number().nullable(),
  parameters: z.object({
    charset: z.string(),
    separator: z.string(),
    skipHeaders: z.boolean(),
    clearMembers: z.boolean(),
    mappings: z.record(z.string(), z.unknown()),
  }),
  ...timestamps(),
});

/** CSV import templates at /storage/import_templates (class import_template, permission sub-list). */
export const importTemplates = resource({
  name: 'importTemplates',
  noun: 'import template',
  path: '/storage/import_templates',
  objClass: 'import_template',
  area: 'integrations',
  route: '/integrations/import-csv',
  input: importTemplateInput,
  item: importTemplateItem,
  listFields: ['id', 'name', 'source', 'sourceType', 'sourceQueueType', 'description'],
  ...BY_NAME_AND_TIME,
  columns: [NAME_COLUMN, sorted('source', 'ref'), col('description')],
  recordAcl: true,
  refs: { source: ref((): ResourceDef => queues) },
  ops: NO_PATCH,
  form: {
    fields: [
      NAME_FIELD,
      { field: 'source', kind: 'ref', required: true, label: 'importTemplates.source' },
      DESCRIPTION_FIELD,
    ],
  },
});

/** The options of a run (multipart fields beside `file`). */
export const importTemplateRun = z.object({
  mode: z.enum(IMPORT_MODES, { error: `${messages.oneOf} ${IMPORT_MODES.join(', ')}` }).default('all'),
  duplicates: z
    .enum(DUPLICATE_POLICIES, { error: `${messages.oneOf} ${DUPLICATE_POLICIES.join(', ')}` })
    .default(DUPLICATE_POLICY_DEFAULT),
});

/** What the import job of a template keeps beside the import (`imports.options`). */
export type MemberImportOptions = {
  templateId: number;
  queueId: number;
  duplicates: DuplicatePolicy;
  clearMembers: boolean;
  mappings: ImportMappings;
};

/** One communication of a member sent to `members/bulk`. */
export const bulkCommunication = z.object({
  destination: required(),
  display: optionalText(),
  priority: int({ min: 0 }).default(0),
  type: requiredRef(),
  resource: z.object({ id: z.number().int().positive() }).nullable().default(null),
  description: optionalText(),
  dtmf: z
    .string()
    .trim()
    .default('')
    .refine((v) => /^[0-9*#A-Da-d]*$/.test(v), { error: importTemplateMessages.dtmf }),
});

/** One member of `POST /call_center/queues/{queueId}/members/bulk`. */
export const bulkMember = z.object({
  name: required(),
  priority: int({ min: 0 }).default(0),
  bucket: z.object({ id: z.number().int().positive() }).nullable().default(null),
  timezone: z.object({ name: z.string() }).nullable().default(null),
  communications: z
    .array(bulkCommunication, { error: messages.requiredArray })
    .min(1, { error: messages.requiredArray })
    .max(MEMBER_COMMUNICATIONS_MAX, { error: importTemplateMessages.tooManyCommunications }),
  variables: z.record(z.string(), z.string()).default({}),
  expireAt: z.string().nullable().default(null),
  agent: z.object({ id: z.number().int().positive() }).nullable().default(null),
});

/** Bulk members: at most this many a request (the console's old client sent 100 at a time). */
export const BULK_MEMBERS_MAX = 10_000;
export const bulkMembersInput = z.object({
  fileName: z.string().trim().max(255).default(''),
  items: z
    .array(bulkMember, { error: messages.requiredArray })
    .min(1, { error: messages.requiredArray })
    .max(BULK_MEMBERS_MAX, { error: `${messages.max} ${BULK_MEMBERS_MAX}` }),
});
/** Spec part 2 section 8: the info message of bulk member creation. */
export const BULK_ADDED = 'Successfully added';
export const bulkMembersAnswer = z.object({ added: z.number(), message: z.string() });
