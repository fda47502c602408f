import { z } from 'zod';
import {
  type ColumnDef,
  type ColumnKind,
  defineResource,
  type FormField,
  type ResourceDef,
  type VariantsDef,
} from './resource.js';
import { refOutput, timestamps } from './validation.js';

/**
 * Shorter ways to declare a resource: what a definition would otherwise restate is derived from
 * what it already says, and `defineResource` checks the result as before.
 */

/** Every item route: create, update (PUT) and patch, delete. */
export const CRUD = { create: true, update: true, patch: true, delete: true } as const;
/** Every item route but PATCH: a record is created, replaced whole (PUT) and deleted. */
export const NO_PATCH = { ...CRUD, patch: false } as const;
/** A read-only list: no item route changes anything. */
export const READ_ONLY = { create: false, update: false, patch: false, delete: false } as const;

/** A list searched by name and ordered by name, as most lists are. */
export const BY_NAME = { search: ['name'], defaultSort: '+name' } as const;
/** BY_NAME, and sortable also by when a record was created and last changed. */
export const BY_NAME_AND_TIME = { ...BY_NAME, sortable: ['createdAt', 'updatedAt'] } as const;

/** The name column (sorted by name) and the description column, as most lists show them. */
export const NAME_COLUMN: ColumnDef = { field: 'name', sort: 'name' };
export const DESCRIPTION_COLUMN: ColumnDef = { field: 'description', sort: 'description' };
/** The name input (required) and the description input (a text area), as most forms show them. */
export const NAME_FIELD: FormField = { field: 'name', required: true };
export const DESCRIPTION_FIELD: FormField = { field: 'description', kind: 'textarea' };

/** A toggle column switches its own field: the PATCH it sends sets that field alone. */
const patchOf =
  (field: string) =>
  (value: boolean): Record<string, unknown> => ({ [field]: value });

/** A list column showing `field` (a toggle patches it). */
export function col(field: string, kind?: ColumnKind): ColumnDef {
  if (!kind) return { field };
  return kind === 'toggle' ? { field, kind, patch: patchOf(field) } : { field, kind };
}

/** A list column showing `field` and sorting by it (a toggle patches it). */
export const sorted = (field: string, kind?: ColumnKind): ColumnDef => ({ ...col(field, kind), sort: field });

/**
 * Write-only settings: the `keys` of the settings object `within`. They are never answered; the
 * item lists in `secretsSet` which of them hold a value.
 */
export function settingSecrets(within: string, keys: readonly string[]): NonNullable<VariantsDef['secrets']> {
  const prefix = `${within}.`;
  return {
    fields: keys.map((k) => `${prefix}${k}`),
    isSet: (stored, field) =>
      Array.isArray(stored.secretsSet) && stored.secretsSet.includes(field.slice(prefix.length)),
  };
}

/** How an input field is answered (see `answerOf`). */
type Answered<T> =
  T extends z.ZodDefault<infer I>
    ? Answered<I>
    : T extends z.ZodNullable<infer I>
      ? z.ZodNullable<Answered<I>>
      : T extends z.ZodArray<infer I>
        ? z.ZodArray<Answered<I>>
        : T extends z.ZodObject<infer S>
          ? keyof S extends 'id'
            ? ReturnType<typeof refOutput>
            : z.ZodObject<{ -readonly [K in keyof S]: Answered<S[K]> }>
          : T extends z.ZodRecord<z.core.$ZodRecordKey, infer V>
            ? z.ZodRecord<z.ZodString, Answered<V>>
            : T extends z.ZodEnum<infer E>
              ? z.ZodEnum<E>
              : T extends z.ZodString
                ? z.ZodString
                : T extends z.ZodNumber
                  ? z.ZodNumber
                  : T extends z.ZodBoolean
                    ? z.ZodBoolean
                    : never;

function answered(field: z.ZodType, at: string): z.ZodType {
  const def = field._zod.def;
  switch (def.type) {
    case 'default':
      return answered((field as z.ZodDefault).unwrap() as z.ZodType, at);
    case 'nullable':
      return answered((field as z.ZodNullable).unwrap() as z.ZodType, at).nullable();
    case 'array':
      return z.array(answered((field as z.ZodArray).element as z.ZodType, at));
    case 'object': {
      const shape = (field as z.ZodObject).shape;
      const keys = Object.keys(shape);
      if (keys.length === 1 && keys[0] === 'id') return refOutput();
      return z.object(Object.fromEntries(keys.map((k) => [k, answered(shape[k], `${at}.${k}`)])));
    }
    case 'record':
      return z.record(z.string(), answered((field as z.ZodRecord).valueType as z.ZodType, at));
    case 'enum':
      return z.enum((field as z.ZodEnum).options as [string, ...string[]]);
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    default:
      throw new Error(`answerOf: ${at} is a ${def.type}; say how it is answered`);
  }
}

/** The item `answerOf` derives: `id`, the input's fields as answered but `O`, then `M`. */
export type AnswerOf<
  S extends z.ZodRawShape,
  M extends z.ZodRawShape = Record<never, never>,
  O extends PropertyKey = never,
> = z.ZodObject<{ id: z.ZodNumber } & Omit<{ -readonly [K in keyof S]: Answered<S[K]> }, O | keyof M> & M>;

/** The item of a resource that declares none: its input answered, with the timestamps. */
type StoredItem<TInput extends z.ZodObject> = AnswerOf<TInput['shape'], ReturnType<typeof timestamps>>;
/** The item of a lookup that declares none: its input answered. */
type LookupItem<TInput extends z.ZodObject> = AnswerOf<TInput['shape']>;

/**
 * An item schema derived from the input instead of restating it: `id`, then each input field as
 * the API answers it (text, number, switch and choice as they are, without their checks and
 * defaults; `{id}` as a reference `{id, name}`; lists, nullables, objects and maps field by field),
 * then `more`. A key of `more` that the input has replaces that field where it stands; the others
 * follow (answered only, and the timestamps). `omit` names write-only fields (a password).
 */
export function answerOf<
  S extends z.ZodRawShape,
  M extends z.ZodRawShape = Record<never, never>,
  O extends keyof S & string = never,
>(input: z.ZodObject<S>, more?: M, omit: readonly O[] = []): AnswerOf<S, M, O> {
  const shape = Object.fromEntries(
    Object.entries(input.shape)
      .filter(([k]) => !(omit as readonly string[]).includes(k))
      .map(([k, f]) => [k, k in (more ?? {}) ? (more as z.ZodRawShape)[k] : answered(f as z.ZodType, k)]),
  );
  return z.object({ id: z.number(), ...shape, ...more }) as unknown as AnswerOf<S, M, O>;
}

type Derived = 'item' | 'fields' | 'listFields' | 'sort' | 'recordAcl' | 'ops' | 'input' | 'search' | 'route';

/** A definition that may leave out what `resource` derives. */
export type ResourceSpec<TInput extends z.ZodObject, TItem extends z.ZodObject> = Omit<
  ResourceDef<TInput, TItem>,
  Derived
> &
  Partial<Pick<ResourceDef<TInput, TItem>, Derived>> & {
    /** Fields a list sorts by without a column sorting by them (see `resource`). */
    sortable?: readonly (keyof z.infer<TItem> & string)[];
  };

/**
 * Declares a resource, deriving what it leaves out: `fields` are the item's keys (its viewer
 * fields excepted), `listFields` are its `fields`, `sort` is `id`, every field a column sorts by
 * and the `sortable` ones (in the order of `fields`), `recordAcl` is false, `search` is none,
 * `route` is its area's path then its name in kebab case (`resourceGroups` of the contact-center
 * area: `/contact-center/resource-groups`) and `ops` are every item route (CRUD). A resource
 * without `input` is read-only: it takes no body and its `ops` are none (READ_ONLY). Without
 * `item`, a record answers its input with its timestamps (`answerOf(input, timestamps())`).
 */
export function resource<TInput extends z.ZodObject, TItem extends z.ZodObject = StoredItem<TInput>>(
  spec: ResourceSpec<TInput, TItem>,
): ResourceDef<TInput, TItem> {
  type Field = keyof z.infer<TItem> & string;
  const { sortable = [], ...given } = spec;
  if (!given.item && !given.input) throw new Error(`${given.name}: a resource without input declares its item`);
  const def = (
    given.item ? given : { ...given, item: answerOf(given.input as TInput, timestamps()) }
  ) as typeof given & {
    item: TItem;
  };
  const viewer: readonly string[] = def.viewerFields ?? [];
  const fields = def.fields ?? (Object.keys(def.item.shape).filter((f) => !viewer.includes(f)) as Field[]);
  const sorted = new Set([...def.columns.flatMap((c) => (c.sort ? [c.sort] : [])), ...sortable]);
  // A column sorting by what is not a field stays in the list, for defineResource to refuse.
  const sort = def.sort ?? [
    ...fields.filter((f) => f === 'id' || sorted.has(f)),
    ...[...sorted].filter((s) => !(fields as readonly string[]).includes(s)),
  ];
  return defineResource({
    ...def,
    route: def.route ?? `/${def.area}/${def.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    input: def.input ?? (z.object({}) as TInput),
    fields,
    listFields: def.listFields ?? fields,
    search: def.search ?? [],
    sort,
    recordAcl: def.recordAcl ?? false,
    ops: def.ops ?? (def.input ? CRUD : READ_ONLY),
  });
}

type Inherited = 'parent' | 'objClass' | 'area' | 'route';

/** The item of a nested resource that declares none: its parent's id (`P`), then its input answered. */
type NestedItem<TInput extends z.ZodObject, P extends string> = AnswerOf<{ [K in P]: z.ZodNumber } & TInput['shape']>;

/** A nested definition: its parent and the path parameter naming the parent record. */
export type NestedSpec<TInput extends z.ZodObject, TItem extends z.ZodObject, P extends string = string> = Omit<
  ResourceSpec<TInput, TItem>,
  Inherited
> &
  Partial<Pick<ResourceDef<TInput, TItem>, 'objClass' | 'area' | 'route'>> & {
    parent: ResourceDef;
    param: P;
    /** See ResourceDef.parent; default 'parent'. */
    rights?: 'parent' | 'own';
    itemParam?: string;
  };

/**
 * Declares a resource living under one record of `parent` (see ResourceDef.parent), as
 * `resource` does. It inherits the parent's access class, area and console route unless it names
 * its own, and is guarded by the parent's rights unless `rights` says 'own'. The item field
 * holding the parent id is `param` where the item has that key (and the record id is not named
 * otherwise by `itemParam`). Without `item`, a record answers `param` (its parent's id), then its
 * input (`answerOf`).
 */
export function nested<
  TInput extends z.ZodObject,
  const P extends string,
  TItem extends z.ZodObject = NestedItem<TInput, P>,
>(spec: NestedSpec<TInput, TItem, P>): ResourceDef<TInput, TItem> {
  const { parent, param, rights = 'parent', itemParam, ...own } = spec;
  const item = (own.item ?? (own.input && answerOf(z.object({ [param]: z.number(), ...own.input.shape })))) as
    | TItem
    | undefined;
  const field = !itemParam && item && param in item.shape ? param : undefined;
  return resource({
    objClass: parent.objClass,
    area: parent.area,
    route: parent.route,
    ...own,
    item,
    parent: { resource: parent, param, ...(field ? { field } : {}), ...(itemParam ? { itemParam } : {}), rights },
  });
}

/**
 * The declaration of the resources living under records of one `parent`, named by `param` in
 * their paths: `nested` with the parent and the parameter said once (a queue's sub-lists).
 */
export const under =
  <const P extends string>(parent: ResourceDef, param: P) =>
  <TInput extends z.ZodObject, TItem extends z.ZodObject = NestedItem<TInput, P>>(
    spec: Omit<NestedSpec<TInput, TItem, P>, 'parent' | 'param'>,
  ): ResourceDef<TInput, TItem> =>
    nested<TInput, P, TItem>({ ...spec, parent, param } as NestedSpec<TInput, TItem, P>);

/** A lookup definition, which the spec's lookups area lists. */
export type LookupSpec<TInput extends z.ZodObject, TItem extends z.ZodObject> = Omit<
  ResourceSpec<TInput, TItem>,
  'area' | 'search' | 'defaultSort'
> &
  Partial<Pick<ResourceDef<TInput, TItem>, 'search' | 'defaultSort'>>;

/**
 * Declares a lookup of the lookups area, as `resource` does: searched by name and ordered by name
 * unless it says otherwise. Without `item`, a record answers its input (`answerOf(input)`).
 */
export function lookup<TInput extends z.ZodObject, TItem extends z.ZodObject = LookupItem<TInput>>(
  spec: LookupSpec<TInput, TItem>,
): ResourceDef<TInput, TItem> {
  const item = spec.item ?? (spec.input && (answerOf(spec.input) as unknown as TItem));
  return resource({ area: 'lookups', ...BY_NAME, ...spec, item });
}
