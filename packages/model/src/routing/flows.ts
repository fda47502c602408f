import { z } from 'zod';
import { BY_NAME, col, NAME_COLUMN, nested, resource, sorted } from '../define.js';
import { messages } from '../messages.js';
import { oneOf, recordId, refOutput, required, timestamps } from '../validation.js';

/** Flow types (spec part 1 section 3). */
export const FLOW_TYPES = ['chat', 'voice', 'service', 'processing'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];
/** A new flow is a voice flow unless told otherwise. */
export const DEFAULT_FLOW_TYPE: FlowType = 'voice';
/** The schema editor shows the JSON indented by 4 spaces (spec part 1 section 3). */
export const FLOW_SCHEMA_INDENT = 4;
/** A tag is short text; a flow carries a bounded number of them. */
export const FLOW_TAG_MAX_LENGTH = 64;
export const FLOW_TAGS_MAX = 50;

export type FlowSchema = unknown[] | Record<string, unknown>;

/**
 * A schema as the console or the API sends it: a JSON array or object, or JSON text that parses to
 * one (the code editor sends its text). Anything else is "JSON is invalid".
 */
export function parseFlowSchema(value: unknown): FlowSchema | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === 'object') return v as Record<string, unknown>;
  return null;
}

/** The schema text shown in the code editor. */
export const formatFlowSchema = (schema: unknown) => JSON.stringify(schema ?? [], null, FLOW_SCHEMA_INDENT);

export const flowSchemaInput = () =>
  z
    .unknown()
    .default([])
    .transform((value, ctx): FlowSchema => {
      const parsed = parseFlowSchema(value);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: messages.json });
        return z.NEVER;
      }
      return parsed;
    });

const tag = z
  .string()
  .trim()
  .min(1, { error: messages.required })
  .max(FLOW_TAG_MAX_LENGTH, { error: `${messages.max} ${FLOW_TAG_MAX_LENGTH}` });

const flowInput = z.object({
  name: required(),
  schema: flowSchemaInput(),
  payload: z.record(z.string(), z.unknown()).default({}),
  type: oneOf(FLOW_TYPES).default(DEFAULT_FLOW_TYPE),
  // Tags are a set: repeated ones collapse, the first spelling stays.
  tags: z
    .array(tag)
    .max(FLOW_TAGS_MAX, { error: `${messages.max} ${FLOW_TAGS_MAX}` })
    .default([])
    .transform((tags) => [...new Set(tags)]),
  editor: z.boolean().default(false),
});

export const flows = resource({
  name: 'flows',
  path: '/routing/schema',
  // Spec part 1 section 6: flows, like communications and skills, always get full rxwd.
  objClass: null,
  fullAccess: true,
  area: 'routing',
  route: '/routing/flow',
  input: flowInput,
  item: z.object({
    id: z.number(),
    name: z.string(),
    schema: z.unknown(),
    payload: z.record(z.string(), z.unknown()),
    type: z.enum(FLOW_TYPES),
    tags: z.array(z.string()),
    editor: z.boolean(),
    ...timestamps(),
  }),
  listFields: ['id', 'name', 'type', 'tags', 'editor', 'updatedAt'],
  ...BY_NAME,
  sortable: ['createdAt'],
  columns: [NAME_COLUMN, sorted('type'), col('tags', 'tags'), sorted('updatedAt', 'date')],
  logObject: 'flows',
  export: ['name', 'type', 'tags', 'editor', 'createdAt', 'updatedAt'],
});

/** A reference to a flow as dialplan rules and chat plans carry it. */
export const flowRef = () =>
  z.object(
    { id: recordId() },
    {
      error: messages.required,
    },
  );

/** A kept previous schema of a flow (GET /routing/schema/{id}/versions). */
export const flowVersion = z.object({
  id: z.number(),
  version: z.number(),
  schema: z.unknown(),
  savedAt: z.string(),
  savedBy: refOutput().nullable(),
});
export type FlowVersion = z.infer<typeof flowVersion>;

/** Tag search (GET /routing/schema/tags). */
export const flowTag = z.object({ name: z.string() });

/** Extra list filters of flows, besides q: name, type and tags (repeatable; any tag matches). */
export const flowListFilters = ['name', 'type', 'tags'] as const;

/**
 * Kept previous schemas of a flow (`/routing/schema/{id}/versions`), newest first; read-only
 * (a restore is a save of the flow). Flows' full access governs them.
 */
export const flowVersions = nested({
  name: 'flowVersions',
  path: '/routing/schema/:id/versions',
  fullAccess: true,
  item: flowVersion,
  defaultSort: '-version',
  columns: [sorted('version'), sorted('savedAt', 'date'), col('savedBy', 'ref')],
  parent: flows,
  param: 'id',
  itemParam: 'versionId',
});
