import type { Permission, ResourceDef } from '@switchboard/model';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../core/principal.js';
import type { SignedInRequest } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import type { Row } from '../../db/sql.js';

/** What a write hook knows about the call. */
export type WriteContext = {
  app: AppContext;
  principal: Principal;
  request: FastifyRequest;
  /** The item before the change (update and delete); null on create. */
  old: Record<string, unknown> | null;
  /** Which kind of write this is. */
  op: 'create' | 'update' | 'patch';
};

/**
 * How one field of the API item maps to the database. Without a binding a field reads and writes
 * the column of the same key.
 */
export type FieldBinding = {
  /** SQL (over the row alias `t`) that yields the field's JSON-ready value. */
  select?: string;
  /** SQL used to sort and search on the field, when it differs from `select`. */
  column?: string;
  /**
   * Puts the validated value into the row (Drizzle property keys) being inserted or updated.
   * Runs before the transaction opens (a password hash must not hold the database), so it sees
   * no old item.
   */
  write?: (value: unknown, row: Record<string, unknown>, ctx: Omit<WriteContext, 'old'>) => void | Promise<void>;
  /**
   * The value a CSV export writes, where the answer's value is not a plain cell (references
   * nested in a list of objects, say); the cell then takes it as it takes any value.
   */
  exportValue?: (value: unknown) => unknown;
  /** Runs after the row exists, in the same transaction (relations such as user roles). */
  afterWrite?: (tx: Db, recordId: number, value: unknown, ctx: WriteContext) => Promise<void>;
};

export type ResourceBinding = {
  table: PgTable;
  /**
   * Which rows of the table are records of this resource (API tokens among sign-in sessions, say),
   * over the row alias `t`; every list, read and delete applies it.
   */
  scope?: SQL;
  /**
   * How a nested resource's rows hang under the parent record. By default the column of the
   * definition's `parent.field`, whose foreign key names the parent table. `column` names another
   * child column; `table` the parent table where the column has no foreign key; `where` a
   * condition over `t` for rows tied to the parent another way (through a join table, say).
   */
  parentLink?: { column?: PgColumn; table?: PgTable; where?: (parentId: number) => SQL };
  /**
   * A create that is not a plain insert (an API token whose value is answered once): gets the
   * validated body and the checked parent id (null at the top level), answers the created item.
   */
  create?: (request: SignedInRequest, body: Record<string, unknown>, parentId: number | null) => Promise<Row>;
  /** The guard of a resource without an access class (logger config: systemSetting). */
  permission?: Permission;
  /**
   * The class whose record ACL governs these records; defaults to the definition's class. Null
   * where `:id` is not a record of the guarding class (object classes, guarded by `roles`).
   */
  recordClass?: string | null;
  fields?: Record<string, FieldBinding>;
  /**
   * Where the definition's references live: a single reference's column (default: the column
   * `<field>Id`), a list's join table (one foreign key to this table, one to the target's).
   */
  refs?: Record<string, PgColumn | PgTable>;
  /** How a reference to this resource names a record, over the given alias (default its `name`). */
  refLabel?: (alias: string) => string;
  /** Unique index name → the field it protects, for 409 answers that name it. */
  unique?: Record<string, string>;
  /**
   * Checks that need the parsed body and the old item (rights to change roles, say). On update
   * `tx` is the write's transaction (after the item was found); on create there is none yet.
   */
  beforeWrite?: (body: Record<string, unknown>, ctx: WriteContext, tx?: Db) => void | Promise<void>;
  /**
   * Checks before deleting one record (refuse deleting oneself, say); `tx` is the delete's
   * transaction, to read what still refers to the record.
   */
  beforeDelete?: (item: Record<string, unknown>, ctx: Omit<WriteContext, 'op'>, tx: Db) => void | Promise<void>;
  /**
   * Last say over the row inside the transaction, with the old item (create and update alike):
   * values that depend on other fields or on the stored record (a generated account, say).
   */
  beforeRow?: (
    tx: Db,
    row: Record<string, unknown>,
    body: Record<string, unknown>,
    ctx: WriteContext,
  ) => void | Promise<void>;
  /** Fills server-assigned columns (a position at the end of the list, say) in the insert's transaction. */
  beforeInsert?: (tx: Db, row: Record<string, unknown>, ctx: WriteContext) => Promise<void>;
  /**
   * Work after a record is created or updated (the item as answered, and as it was before; null
   * on create), in the same transaction: entries on other records the change touched, say.
   */
  afterSave?: (
    tx: Db,
    item: Record<string, unknown>,
    old: Record<string, unknown> | null,
    ctx: WriteContext,
  ) => Promise<void>;
  /** Work after records are deleted, in the same transaction (close position gaps, say). */
  afterDelete?: (tx: Db, items: Record<string, unknown>[], ctx: Omit<WriteContext, 'op' | 'old'>) => Promise<void>;
  /**
   * Extra list filters read from the query besides the standard parameters; answers SQL
   * conditions over the row alias `t`, or a field error.
   */
  listFilters?: (query: Record<string, unknown>) => SQL[] | { field: string; message: string };
  /**
   * Aggregates a list answers beside its items (`aggs`), over every record under the parent
   * (not only the page): `doc` is their schema, `read` computes them.
   */
  listAggs?: {
    doc: z.ZodObject;
    read: (db: Db, parentId: number | null, principal: Principal) => Promise<Record<string, unknown>>;
  };
  /**
   * The search of `q` over the row alias `t` where it is not a case-insensitive match of the
   * search fields (a name by prefix or a destination exactly, say); `prefix` when `q` ended in `*`.
   */
  search?: (q: string, prefix: boolean) => SQL;
  /**
   * The collection's DELETE is served by the resource itself (deleting by a filter, say): the
   * engine registers only the item's DELETE.
   */
  ownCollectionDelete?: boolean;
  /** The query parameters `listFilters` reads, for the OpenAPI document. */
  filtersDoc?: z.ZodObject;
  /** After a delete commits, with the deleted items (remove their files from disk, say). */
  afterDeleteCommit?: (items: Record<string, unknown>[], ctx: Omit<WriteContext, 'op' | 'old'>) => Promise<void>;
  /** After the transaction commits (invalidate cached sessions, say). */
  afterCommit?: (app: AppContext) => Promise<void>;
  /**
   * Adds fields computed for the viewer to the records a list, a read or a change answers (what
   * the viewer may do with each, say), after they are read.
   */
  decorate?: (db: Db, viewer: Principal, rows: Record<string, unknown>[]) => Promise<void>;
};

export type AnyResourceDef = ResourceDef;
