import type { z } from 'zod';
import type { AccessClass, Permission, Right } from './access.js';
import type { Area } from './areas.js';
import type { LoggableObject } from './constants.js';
import { registerNoun } from './errors.js';
import { checkFilters, type ListFilter } from './filters.js';
import type { ImportSpec } from './imports.js';
import { messages } from './messages.js';
import { fieldErrors } from './validation.js';

export { AREAS, type Area } from './areas.js';

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
  /** Header label key instead of `fields.<field>` (a list's own wording: "Active calls"). */
  label?: string;
};

/** How the generic edit screen shows a form field; the console maps each kind to one component. */
export type FormFieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'ref'
  /** Several records of a declared list reference (`ref(..., {many: true})`). */
  | 'refs'
  | 'timezone'
  | 'date'
  | 'day'
  | 'time'
  | 'color'
  | 'rows'
  /** A list of short texts (codes, patterns), entered one by one. */
  | 'tags'
  /** A map of texts (variables) edited as key/value rows; rows with an empty key are left out. */
  | 'keyValue';

export type FormField = {
  /**
   * Key of the input schema (of the row, inside `rows`). Its label is the i18n key `fields.<field>`.
   * A variant's field may name a key inside a nested settings object (`metadata.token`).
   */
  field: string;
  /** Default 'text'. */
  kind?: FormFieldKind;
  /** Marks the field required on screen; the schema is what enforces it. */
  required?: boolean;
  /** 'select': the values to choose from; each is labelled by `<resource>.options.<field>.<value>`. */
  options?: readonly (string | number)[];
  /**
   * 'ref': API path of the records to choose from (the picker asks for id and name only), where
   * the field is not declared in `refs` (a fixed lookup such as time zones).
   */
  path?: string;
  /** 'number': the bounds the input offers (the schema enforces them). */
  min?: number;
  max?: number;
  /** 'rows': the columns of one row, a sub-object of the array. */
  columns?: readonly FormField[];
  /** 'rows': label key of the add button instead of `kit.addRow`. */
  addLabel?: string;
  /** 'rows': the order of rows means something: offer moving a row up and down. */
  reorder?: boolean;
  /** Label key instead of `fields.<field>` (a resource's own wording). */
  label?: string;
  /** Shown only while the value at `field` (a path of the form values) equals `equals`. */
  when?: { field: string; equals: unknown };
};

/**
 * A field pointing at records of another resource, declared once: the server answers it as
 * `{id, name}` (`name` left out where the caller may not read the record), stores it (a column,
 * or a join table when `many`), refuses a record that is missing, of another domain, unreadable
 * or outside `filter`, and sorts by the referenced name; the console's picker lists `to`'s path
 * with `filter` as its query.
 */
export type RefDef = {
  /** The resource pointed at (a function, as two definitions may point at each other). */
  to: () => ResourceDef;
  /** A list of references (a join table with foreign keys on the server) rather than one. */
  many?: boolean;
  /** Only records whose fields hold these values, e.g. `{type: 'voice'}` for a voice flow. */
  filter?: Readonly<Record<string, string>>;
};

/** Declares a reference field (see RefDef). */
export const ref = (to: () => ResourceDef, options: Omit<RefDef, 'to'> = {}): RefDef => ({ to, ...options });

/** Every resource defined so far, by name: what `named` resolves. */
const defined = new Map<string, ResourceDef>();

/**
 * A reference's target by the resource's name, for two resources that name each other (users and
 * devices, teams and agents): one side names the other instead of importing it, so the modules form
 * no import circle. Resolved on first use, once every definition is loaded.
 */
export function named(name: string): () => ResourceDef {
  return () => {
    const def = defined.get(name);
    if (!def) throw new Error(`no resource named ${name}`);
    return def;
  };
}

/** Where a reference field's picker lists its choices: the target's path and the filter as query. */
export function refPicker(target: RefDef): { path: string; query?: Record<string, string> } {
  const path = target.to().path;
  return target.filter ? { path, query: { ...target.filter } } : { path };
}

/** One tab of the generic edit screen; its title is the i18n key `<resource>.tabs.<key>`. */
export type FormTab = { key: string; fields: readonly FormField[] };

/**
 * The generic edit screen of a resource: its fields, on one tab (`fields`) or several (`tabs`).
 * Values start from the input schema's defaults.
 */
export type FormDef = { fields: readonly FormField[] } | { tabs: readonly FormTab[] };

/** The tabs of a form: a form of plain fields has one, `general`. */
export function formTabs(form: FormDef): readonly FormTab[] {
  return 'tabs' in form ? form.tabs : [{ key: 'general', fields: form.fields }];
}

/** A field problem as the API and the forms report it. */
export type FieldProblem = { field: string; message: string };

/**
 * One variant of a resource with a discriminator: the records whose discriminator holds `value`.
 * What it declares applies to the record as stored (after a PATCH merges into the old one).
 */
export type VariantDef = {
  /** Names the variant: console route segment and i18n key `<resource>.variants.<key>`. */
  key: string;
  value: string | number | boolean;
  /**
   * Fields this variant requires (empty text, null and an empty list count as missing); a dotted
   * path names a field inside a nested settings object (`payload.maxWaitTime`).
   */
  required?: readonly string[];
  /** Formats and ranges of this variant's fields, checked on the stored record. */
  schema?: z.ZodObject;
  /**
   * Values a new record of this variant starts from, over the input schema's defaults. The default
   * of a nested settings object (`metadata`, `payload`) fills the keys a request leaves out of it.
   */
  defaults?: Readonly<Record<string, unknown>>;
  /**
   * Checks the declarations cannot say; `stored` is the record before the write (null on create),
   * as the API answered it (so it knows `passwordSet`, never the password).
   */
  check?: (record: Record<string, unknown>, stored: Record<string, unknown> | null) => FieldProblem[];
  /** The variant's own tabs of the editor, after the common form's. Same field on a common tab and here is an error. */
  form?: FormDef;
};

/** A discriminator field and its variants. */
export type VariantsDef = {
  field: string;
  cases: readonly VariantDef[];
  /**
   * Write-only fields (secrets), dotted paths allowed: never answered, and sent empty on update they
   * keep the stored value. A required one counts as present when the stored record, as the API
   * answered it, says it holds a value (`passwordSet`, `secretsSet`).
   */
  secrets?: { fields: readonly string[]; isSet: (stored: Record<string, unknown>, field: string) => boolean };
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A new record of a variant: its defaults for what `given` (the request as sent) leaves out, a
 * nested settings object filled key by key. `body` is the parsed request (with the schema's defaults).
 */
export function withDefaultsOf(variant: VariantDef | undefined, given: unknown, body: Record<string, unknown>) {
  const sent = isPlainObject(given) ? given : {};
  for (const [key, value] of Object.entries(variant?.defaults ?? {})) {
    if (isPlainObject(value)) body[key] = { ...value, ...(isPlainObject(sent[key]) ? (body[key] as object) : {}) };
    else if (!(key in sent)) body[key] = value;
  }
  return body;
}

/** Whether a write-only field of the stored record holds a value. */
export function secretIsSet(variants: VariantsDef, stored: Record<string, unknown> | null, field: string): boolean {
  const secrets = variants.secrets;
  if (!stored || !secrets?.fields.includes(field)) return false;
  return secrets.isSet(stored, field);
}

/** The variant a record (or form values) belongs to, if its discriminator names one. */
export function variantOf(variants: VariantsDef, record: Record<string, unknown>): VariantDef | undefined {
  return variants.cases.find((c) => c.value === record[variants.field]);
}

/** The value at a dotted path of a record (`payload.maxWaitTime`). */
export function pathValue(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const missing = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * What a record, as it will be stored, lacks for its variant: an unknown discriminator, a missing
 * required field, a field its variant's schema refuses, what its check finds. Server and form run it.
 */
export function variantProblems(
  variants: VariantsDef,
  record: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): FieldProblem[] {
  const variant = variantOf(variants, record);
  if (!variant) {
    const allowed = variants.cases.map((c) => String(c.value)).join(', ');
    return [{ field: variants.field, message: `${messages.oneOf} ${allowed}` }];
  }
  const out: FieldProblem[] = [];
  for (const f of variant.required ?? []) {
    if (missing(pathValue(record, f)) && !secretIsSet(variants, stored, f)) {
      out.push({ field: f, message: messages.required });
    }
  }
  if (variant.schema) {
    const picked = Object.fromEntries(Object.keys(variant.schema.shape).map((k) => [k, record[k]]));
    const checked = variant.schema.safeParse(picked);
    if (!checked.success) {
      for (const p of fieldErrors(checked.error)) if (!out.some((o) => o.field === p.field)) out.push(p);
    }
  }
  for (const p of variant.check?.(record, stored) ?? []) if (!out.some((o) => o.field === p.field)) out.push(p);
  return out;
}

/**
 * One resource, declared once. The server derives routes, validation, list paging/search/sort,
 * access checks, change-log entries and OpenAPI from it; the console its list and edit screens;
 * the tests a CRUD, validation, access and tenancy suite.
 */
export type ResourceDef<TInput extends z.ZodObject = z.ZodObject, TItem extends z.ZodObject = z.ZodObject> = {
  /** Resource key, also the i18n namespace of its strings. */
  name: string;
  /** What one record is called in the server's English messages ("No such region."). */
  noun?: string;
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
  /** The create answer where it tells more than the item (a token's value, shown only then). */
  created?: z.ZodObject;
  /** Item as the API answers it (without id, which every item has). */
  item: TItem;
  /** Fields a list may project (`fields=`); the default list projection is `listFields`. */
  fields: readonly (keyof z.infer<TItem> & string)[];
  listFields: readonly (keyof z.infer<TItem> & string)[];
  /** Computed for the viewer, not stored: a list answers them when `fields` names them or is absent. */
  viewerFields?: readonly (keyof z.infer<TItem> & string)[];
  /** Fields `q` searches (case-insensitive; a trailing `*` means prefix). */
  search: readonly string[];
  /** Fields `sort=+f|-f` accepts. */
  sort: readonly string[];
  /** Default order when no sort is given. */
  defaultSort: string;
  /** List screen columns. */
  columns: readonly ColumnDef[];
  /** Filters of the list, shown above it and sent as list params. */
  filters?: readonly ListFilter[];
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
    /**
     * Fields `PATCH {path}?id=1&id=2` changes on several records at once (guarded as an edit of
     * each: the class right, and under rbac each record's; records the caller may not edit are
     * left alone, as a bulk delete leaves them).
     */
    bulkPatch?: readonly string[];
  };
  /** The generic edit screen, for a resource that needs no hand-written one. */
  form?: FormDef;
  /** A discriminator with per-variant required fields, checks, defaults and form tabs. */
  variants?: VariantsDef;
  /**
   * CSV export (`GET {path}/export.csv`, guarded like the list, with its search, sort and
   * filters): these fields in this order; the header row names them as the API does, so a file
   * reads back through an import.
   */
  export?: readonly (keyof z.infer<TItem> & string)[];
  /**
   * CSV import through the import pipeline (`POST {path}/import`, multipart): the columns it
   * reads. Guarded by the create right.
   */
  import?: ImportSpec;
  /**
   * Every signed-in user of the domain holds every right, with no class to check (spec part 1
   * section 6: communications and skills always get full rxwd). Needs `objClass: null`.
   */
  fullAccess?: boolean;
  /** The global permission that guards a resource without an access class (and not full access). */
  permission?: Permission;
  /**
   * A nested resource lives under one record of another: its `path` holds the parent id as
   * `:param` (usually the parent's path, `:param`, then its own segment). `field` is the item
   * field holding the parent id, where the item shows it. `itemParam` names the record id in item
   * paths (default `id`; another name where the parent's is `id`). `rights: 'parent'` guards it by
   * the parent's rule (class and, under rbac, the parent record; or the parent's permission or
   * full access): reading needs the parent's `r`, any change is an edit (`w`) of the parent.
   * `'own'` checks the child's own class or permission only.
   */
  parent?: {
    resource: ResourceDef;
    param: string;
    field?: string;
    itemParam?: string;
    rights: 'parent' | 'own';
  };
  /** Reference fields by item key (see RefDef). */
  refs?: Readonly<Record<string, RefDef>>;
};

/** What guards one right on a resource, as the server checks it (and the console shows it). */
export type GuardingRight = {
  /** The class whose right is checked; null where none is. */
  objClass: AccessClass | null;
  right: Right;
  /** Without a class: the global permission checked instead. */
  permission?: Permission;
  /** Every signed-in user of the domain holds the right. */
  fullAccess: boolean;
};

/** The declared reference of a field; throws where a screen asks for one that is not declared. */
export function refOf(def: ResourceDef, field: string): RefDef {
  const found = def.refs?.[field];
  if (!found) throw new Error(`${def.name}: ${field} is not a declared reference`);
  return found;
}

/** The access class and right that guard `right` on a resource, as the server checks them. */
export function guardingRight(def: ResourceDef, right: Right): GuardingRight {
  const byParent = def.parent?.rights === 'parent';
  const owner = byParent ? (def.parent as { resource: ResourceDef }).resource : def;
  return {
    objClass: owner.objClass,
    right: byParent && right !== 'r' ? 'w' : right,
    permission: owner.objClass ? undefined : owner.permission,
    fullAccess: !owner.objClass && !!owner.fullAccess,
  };
}

/** The path parameter naming a record in a resource's item paths. */
export const itemParamOf = (def: ResourceDef): string => def.parent?.itemParam ?? 'id';

/** The API path of a nested resource's records under one parent record. */
export function nestedPath(def: ResourceDef, parentId: number | string): string {
  if (!def.parent) return def.path;
  return def.path.replace(`:${def.parent.param}`, String(parentId));
}

export function defineResource<TInput extends z.ZodObject, TItem extends z.ZodObject>(
  def: ResourceDef<TInput, TItem>,
): ResourceDef<TInput, TItem> {
  if (def.noun) registerNoun(def.name, def.noun);
  if (!defined.has(def.name)) defined.set(def.name, def as unknown as ResourceDef);
  for (const f of def.listFields) {
    if (!def.fields.includes(f)) throw new Error(`${def.name}: list field ${f} is not a field`);
  }
  if (def.viewerFields?.some((f) => def.fields.includes(f))) throw new Error(`${def.name}: a viewer field is stored`);
  for (const s of def.sort) {
    if (!(def.fields as readonly string[]).includes(s)) throw new Error(`${def.name}: sort ${s} is not a field`);
  }
  if (def.parent) {
    const { param, field, itemParam } = def.parent;
    if (!def.path.includes(`/:${param}/`)) throw new Error(`${def.name}: a nested path holds /:${param}/`);
    if (field && !(def.fields as readonly string[]).includes(field)) {
      throw new Error(`${def.name}: parent field ${field} is not a field`);
    }
    if ((itemParam ?? 'id') === param) throw new Error(`${def.name}: item param ${param} is the parent's`);
  }
  for (const key of Object.keys(def.refs ?? {})) {
    if (!(def.fields as readonly string[]).includes(key))
      throw new Error(`${def.name}: reference ${key} is not a field`);
    if (!(key in def.input.shape)) throw new Error(`${def.name}: reference ${key} is not an input field`);
  }
  for (const f of def.export ?? []) {
    if (!(def.fields as readonly string[]).includes(f))
      throw new Error(`${def.name}: export field ${f} is not a field`);
  }
  if (def.export && !def.export.length) throw new Error(`${def.name}: an export needs fields`);
  for (const f of def.ops.bulkPatch ?? []) {
    if (!(f in def.input.shape)) throw new Error(`${def.name}: bulk patch field ${f} is not an input field`);
  }
  if (def.filters) checkFilters(def.name, def.filters);
  if (def.fullAccess && def.objClass) throw new Error(`${def.name}: full access needs objClass null`);
  if (def.permission && def.objClass) throw new Error(`${def.name}: a permission guard needs objClass null`);
  const keys = Object.keys(def.input.shape);
  const checkFields = (fields: readonly FormField[], where: string, within: readonly string[] | null) => {
    for (const f of fields) {
      if (within && !within.includes(f.field.split('.')[0]))
        throw new Error(`${def.name}: form field ${where}${f.field} is not an input field`);
      if (f.kind === 'ref' && !f.path && !def.refs?.[f.field]) {
        throw new Error(`${def.name}: ref field ${f.field} needs a path or a declared reference`);
      }
      if (f.kind === 'refs' && !def.refs?.[f.field]?.many) {
        throw new Error(`${def.name}: refs field ${f.field} needs a declared list of references`);
      }
      if (f.kind === 'select' && !f.options?.length) throw new Error(`${def.name}: select ${f.field} needs options`);
      if (f.kind === 'rows') {
        if (!f.columns?.length) throw new Error(`${def.name}: rows ${f.field} need columns`);
        // Columns are checked by the row schema, which the array holds: only their kinds here.
        checkFields(f.columns, `${f.field}.`, null);
      }
    }
  };
  const formFieldNames = (form: FormDef) => formTabs(form).flatMap((tab) => tab.fields.map((f) => f.field));
  if (def.form) for (const tab of formTabs(def.form)) checkFields(tab.fields, '', keys);
  if (def.variants) {
    const { field, cases } = def.variants;
    if (!keys.includes(field)) throw new Error(`${def.name}: discriminator ${field} is not an input field`);
    const common = def.form ? formFieldNames(def.form) : [];
    for (const c of cases) {
      if (cases.filter((o) => o.value === c.value || o.key === c.key).length > 1) {
        throw new Error(`${def.name}: variant ${c.key} is declared twice`);
      }
      const named = [...(c.required ?? []), ...(def.variants.secrets?.fields ?? [])].map((r) => r.split('.')[0]);
      for (const f of [...named, ...Object.keys(c.defaults ?? {})]) {
        if (!keys.includes(f)) throw new Error(`${def.name}: variant ${c.key} names ${f}, not an input field`);
      }
      if (c.form) {
        for (const tab of formTabs(c.form)) checkFields(tab.fields, '', keys);
        const twice = formFieldNames(c.form).find((f) => common.includes(f));
        if (twice) throw new Error(`${def.name}: variant ${c.key} repeats the common field ${twice}`);
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

/** A record named in an answer (an ACL grantee, a choice of a picker). */
export type Ref = { id: number; name: string };

/** A reference field's value as answered: `name` is left out where the caller may not read the record. */
export type RefValue = { id: number; name?: string };
