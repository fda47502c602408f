import type { z } from 'zod';
import type { AccessClass } from './access.js';
import type { LoggableObject } from './constants.js';

export const AREAS = [
  'directory',
  'routing',
  'lookups',
  'contact-center',
  'integrations',
  'permissions',
  'system',
] as const;
export type Area = (typeof AREAS)[number];

/** How the list screen shows a column. */
export type ColumnKind = 'text' | 'toggle' | 'tags' | 'date' | 'ref';

export type ColumnDef = {
  /** Dotted path into the item, e.g. `presence.status`. */
  field: string;
  kind?: ColumnKind;
  /** Inline toggle: PATCH this property with the new value. */
  patch?: (value: boolean) => Record<string, unknown>;
  /** The API sort key when the column sorts. */
  sort?: string;
};

/**
 * One resource, declared once. The server derives routes, validation, list paging/search/sort,
 * access checks, change-log entries and OpenAPI from it; the console its list and edit screens;
 * the tests a CRUD, validation, access and tenancy suite.
 */
export type ResourceDef<TInput extends z.ZodObject = z.ZodObject, TItem extends z.ZodObject = z.ZodObject> = {
  /** Resource key, also the i18n namespace of its strings. */
  name: string;
  /** API path under /api, e.g. `/users`. */
  path: string;
  /** Access class guarding it; null where the class is checked by a special rule. */
  objClass: AccessClass | null;
  area: Area;
  /** Console route of the list, e.g. `/directory/users`. */
  route: string;
  /** Update body with the spec's defaults. PUT takes it whole, PATCH any part of it. */
  input: TInput;
  /** Create body where creation asks for more (a password, say); defaults to `input`. */
  createInput?: z.ZodObject;
  /** Item as the API answers it (without id, which every item has). */
  item: TItem;
  /** Fields a list may project (`fields=`); the default list projection is `listFields`. */
  fields: readonly (keyof z.infer<TItem> & string)[];
  listFields: readonly (keyof z.infer<TItem> & string)[];
  /** Fields `q` searches (case-insensitive; a trailing `*` means prefix). */
  search: readonly string[];
  /** Fields `sort=+f|-f` accepts. */
  sort: readonly string[];
  /** Default order when no sort is given. */
  defaultSort: string;
  /** List screen columns. */
  columns: readonly ColumnDef[];
  /** Per-record permissions (ACL routes and the Permissions tab). */
  recordAcl: boolean;
  /** Change-log object name, where changes of this resource are loggable. */
  logObject?: LoggableObject;
  /** Which item routes exist. */
  ops: { create: boolean; update: boolean; patch: boolean; delete: boolean };
};

export function defineResource<TInput extends z.ZodObject, TItem extends z.ZodObject>(
  def: ResourceDef<TInput, TItem>,
): ResourceDef<TInput, TItem> {
  for (const f of def.listFields) {
    if (!def.fields.includes(f)) throw new Error(`${def.name}: list field ${f} is not a field`);
  }
  for (const s of def.sort) {
    if (!(def.fields as readonly string[]).includes(s)) throw new Error(`${def.name}: sort ${s} is not a field`);
  }
  return def;
}

/** A list answer: `next` tells whether another page exists. */
export type ListAnswer<T> = { items: T[]; next: boolean };

/** Error body of every failed call. */
export type ApiError = {
  id: string;
  code: number;
  status: string;
  detail: string;
  /** Validation errors: one entry per field. */
  fields?: { field: string; message: string }[];
};

/** A reference to another record as the API answers it. */
export type Ref = { id: number; name: string };
