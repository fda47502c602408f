import type { z } from 'zod';
import type { AccessClass, Right } from './access.js';
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
/**
 * 'enum': a value of a fixed list, shown by the label the form's select gives it. 'timezone': a
 * `{name}` zone shown as the time-zone picker shows it, with its offset now.
 */
export type ColumnKind = 'text' | 'toggle' | 'tags' | 'date' | 'ref' | 'enum' | 'timezone';

export type ColumnDef = {
  /** Dotted path into the item, e.g. `presence.status`. */
  field: string;
  kind?: ColumnKind;
  /** Inline toggle: PATCH this property with the new value. */
  patch?: (value: boolean) => Record<string, unknown>;
  /** The API sort key when the column sorts. */
  sort?: string;
};

/** How the generic edit screen shows a form field. */
export type FormFieldKind = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'ref' | 'timezone' | 'date';

export type FormField = {
  /** Key of the input schema. Its label is the i18n key `fields.<field>`. */
  field: string;
  /** Default 'text'. */
  kind?: FormFieldKind;
  /** Marks the field required on screen; the schema is what enforces it. */
  required?: boolean;
  /** 'select': the values to choose from; each is labelled by `<resource>.options.<field>.<value>`. */
  options?: readonly string[];
  /** 'ref': API path of the records to choose from (the picker asks for id and name only). */
  path?: string;
};

/** One tab of the generic edit screen; its title is the i18n key `<resource>.tabs.<key>`. */
export type FormTab = { key: string; fields: readonly FormField[] };

/**
 * The generic edit screen of a simple resource: its fields, on one tab (`fields`) or several
 * (`tabs`). Values start from the input schema's defaults.
 */
export type FormDef = { fields: readonly FormField[] } | { tabs: readonly FormTab[] };

/** The tabs of a form: a form of plain fields has one, `general`. */
export function formTabs(form: FormDef): readonly FormTab[] {
  return 'tabs' in form ? form.tabs : [{ key: 'general', fields: form.fields }];
}

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
  ops: {
    create: boolean;
    update: boolean;
    patch: boolean;
    delete: boolean;
    /** POST of an array creates every record or none; errors name `<line>.<field>` (line from 1). */
    bulkCreate?: boolean;
  };
  /** The generic edit screen, for a resource that needs no hand-written one. */
  form?: FormDef;
  /**
   * Every signed-in user of the domain holds every right, with no class to check (spec part 1
   * section 6: communications and skills always get full rxwd). Needs `objClass: null`.
   */
  fullAccess?: boolean;
  /**
   * A nested resource lives under one record of another: its `path` is the parent's path, the
   * parent id as `:param`, then its own segment. `field` is the item field holding the parent id.
   * `rights: 'parent'` guards it by the parent's class (and, under rbac, the parent record):
   * reading needs the parent's `r`, any change is an edit (`w`) of the parent. `'own'` checks the
   * child's own class only.
   */
  parent?: { resource: ResourceDef; param: string; field: string; rights: 'parent' | 'own' };
};

/** The access class and right that guard `right` on a resource, as the server checks them. */
export function guardingRight(def: ResourceDef, right: Right): { objClass: AccessClass | null; right: Right } {
  if (def.parent?.rights === 'parent') {
    return { objClass: def.parent.resource.objClass, right: right === 'r' ? 'r' : 'w' };
  }
  return { objClass: def.objClass, right };
}

/** The API path of a nested resource's records under one parent record. */
export function nestedPath(def: ResourceDef, parentId: number | string): string {
  if (!def.parent) return def.path;
  return def.path.replace(`:${def.parent.param}`, String(parentId));
}

export function defineResource<TInput extends z.ZodObject, TItem extends z.ZodObject>(
  def: ResourceDef<TInput, TItem>,
): ResourceDef<TInput, TItem> {
  for (const f of def.listFields) {
    if (!def.fields.includes(f)) throw new Error(`${def.name}: list field ${f} is not a field`);
  }
  for (const s of def.sort) {
    if (!(def.fields as readonly string[]).includes(s)) throw new Error(`${def.name}: sort ${s} is not a field`);
  }
  if (def.parent) {
    const prefix = `${def.parent.resource.path}/:${def.parent.param}/`;
    if (!def.path.startsWith(prefix)) throw new Error(`${def.name}: a nested path starts with ${prefix}`);
    if (!(def.fields as readonly string[]).includes(def.parent.field)) {
      throw new Error(`${def.name}: parent field ${def.parent.field} is not a field`);
    }
  }
  if (def.fullAccess && def.objClass) throw new Error(`${def.name}: full access needs objClass null`);
  if (def.form) {
    const keys = Object.keys(def.input.shape);
    for (const tab of formTabs(def.form)) {
      for (const f of tab.fields) {
        if (!keys.includes(f.field)) throw new Error(`${def.name}: form field ${f.field} is not an input field`);
        if (f.kind === 'ref' && !f.path) throw new Error(`${def.name}: ref field ${f.field} needs a path`);
        if (f.kind === 'select' && !f.options?.length) throw new Error(`${def.name}: select ${f.field} needs options`);
      }
    }
  }
  return def;
}

/** Records one bulk create (`ops.bulkCreate`) takes at most. */
export const BULK_CREATE_MAX = 1000;

/** A list answer: `next` tells whether another page exists. */
export type ListAnswer<T> = { items: T[]; next: boolean };

/** Error body of every failed call. */
export type ApiError = {
  id: string;
  code: number;
  status: string;
  detail: string;
  /** The message key and its parameters, for saying `detail` in the user's language. */
  key?: string;
  params?: Record<string, string | number>;
  /** Validation errors: one entry per field (`key` when the message is a known one). */
  fields?: { field: string; message: string; key?: string; params?: Record<string, string | number> }[];
};

/** A reference to another record as the API answers it. */
export type Ref = { id: number; name: string };
