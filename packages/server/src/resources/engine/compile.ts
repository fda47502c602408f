import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { sortKeySql } from '../../db/schema-helpers.js';
import { ident, isoSql } from '../../db/sql.js';
import { type CompiledFilter, compileFilters } from './filters.js';
import type { ListSpec, SortSpec } from './list-query.js';
import { parseSort } from './list-query.js';
import { type CompiledRef, compileRefs, refSelect, refSort } from './refs.js';
import type { AnyResourceDef, FieldBinding, ResourceBinding } from './types.js';

/** A resource definition and its binding, with every SQL fragment that does not depend on a request. */
export type Compiled = {
  def: AnyResourceDef;
  binding: ResourceBinding;
  table: string;
  /** Class of the record ACL (rbac filter, grants on create); null: no record checks. */
  recordClass: string | null;
  columns: Record<string, PgColumn>;
  /** The declared references, resolved once every served resource is defined. */
  refs: readonly CompiledRef[];
  /** field → SQL of its value. */
  exprs: Map<string, string>;
  /** field → SQL to sort and search on. */
  sortCols: Map<string, string>;
  searchCols: string[];
  listSpec: ListSpec;
  /** The definition's declared list filters. */
  filters: CompiledFilter[];
  defaultSort: SortSpec;
  /**
   * `select … from table t` for every field, and for the default list projection. Reference
   * fields hold per-caller markers: run the text through `viewText`.
   */
  selectItem: string;
  selectList: string;
  selectFields(fields: readonly string[]): string;
  hasUpdatedAt: boolean;
};

const MAX_CACHED_PROJECTIONS = 64;

function fieldSql(key: string, binding: FieldBinding | undefined, columns: Record<string, PgColumn>, name: string) {
  if (binding?.select) return binding.select;
  const col = columns[key];
  if (!col) throw new Error(`${name}: field ${key} has neither a column nor a select`);
  const ref = `t.${ident(col.name)}`;
  return col.getSQLType().startsWith('timestamp') ? isoSql(ref) : ref;
}

function plainColumn(key: string, binding: FieldBinding | undefined, columns: Record<string, PgColumn>) {
  if (binding?.column) return binding.column;
  const col = columns[key];
  return col ? `t.${ident(col.name)}` : binding?.select;
}

/** A text column of the table itself (not a bound expression): it sorts by the name sort key. */
function isTextColumn(key: string, binding: FieldBinding | undefined, columns: Record<string, PgColumn>) {
  if (binding?.column || binding?.select) return false;
  const type = columns[key]?.getSQLType() ?? '';
  return type === 'text' || type.startsWith('varchar');
}

export function compile(def: AnyResourceDef, binding: ResourceBinding): Compiled {
  const table = getTableName(binding.table);
  const columns = getTableColumns(binding.table) as Record<string, PgColumn>;
  if (!columns.id || !columns.domainId) throw new Error(`${def.name}: table ${table} needs id and domain_id`);
  const fields = def.fields as readonly string[];
  const refKeys = new Set(Object.keys(def.refs ?? {}));
  for (const key of refKeys) {
    if (binding.fields?.[key]) throw new Error(`${def.name}: reference ${key} takes no field binding`);
  }
  for (const f of def.sort) {
    if (def.refs?.[f]?.many) throw new Error(`${def.name}: sort field ${f} is a list of references`);
    if (!refKeys.has(f) && !plainColumn(f, binding.fields?.[f], columns)) {
      throw new Error(`${def.name}: sort field ${f} has no column`);
    }
  }
  const searchCols = def.search.map((f) => {
    const col = plainColumn(f, binding.fields?.[f], columns);
    if (!col) throw new Error(`${def.name}: search field ${f} has no column`);
    return col;
  });
  // Fields the binding computes for the viewer (decorate) may be asked for in a list's `fields` too.
  const listSpec: ListSpec = { fields: new Set([...fields, ...(def.viewerFields ?? [])]), sort: new Set(def.sort) };
  const defaultSort = parseSort(def.defaultSort, listSpec.sort);
  if (!defaultSort) throw new Error(`${def.name}: default sort ${def.defaultSort} is not sortable`);

  // References point at other resources, which may be defined after this one: their SQL is
  // built on first use (registration at the latest, so a bad declaration fails at start-up).
  type Built = Pick<Compiled, 'refs' | 'exprs' | 'sortCols' | 'selectItem' | 'selectList'>;
  let built: Built | null = null;
  const ensure = (): Built => {
    if (built) return built;
    const refs = compileRefs(def, binding);
    const byField = new Map(refs.map((r) => [r.field, r]));
    const exprs = new Map<string, string>();
    for (const f of fields) {
      const r = byField.get(f);
      exprs.set(f, r ? refSelect(r) : fieldSql(f, binding.fields?.[f], columns, def.name));
    }
    const sortCols = new Map<string, string>();
    for (const f of def.sort) {
      const r = byField.get(f);
      if (r) {
        const byName = refSort(r) as string;
        sortCols.set(f, sortKeySql(byName));
      } else {
        const col = plainColumn(f, binding.fields?.[f], columns) as string;
        // Text sorts case-insensitively by alphabet, the same on both databases.
        sortCols.set(f, isTextColumn(f, binding.fields?.[f], columns) ? sortKeySql(col) : col);
      }
    }
    built = { refs, exprs, sortCols, selectItem: build(exprs, fields), selectList: build(exprs, def.listFields) };
    return built;
  };
  const build = (exprs: Map<string, string>, list: readonly string[]) => {
    // The id always comes along: the console keys rows by it.
    const keys = list.includes('id') ? list : ['id', ...list];
    return `select ${keys.map((k) => `${exprs.get(k)} as ${ident(k)}`).join(', ')} from ${ident(table)} t`;
  };
  const cache = new Map<string, string>();
  return {
    def,
    binding,
    table,
    // A nested record has no ACL of its own: its parent's record rights govern it.
    recordClass: binding.recordClass !== undefined ? binding.recordClass : def.parent ? null : def.objClass,
    columns,
    get refs() {
      return ensure().refs;
    },
    get exprs() {
      return ensure().exprs;
    },
    get sortCols() {
      return ensure().sortCols;
    },
    searchCols,
    listSpec,
    filters: compileFilters(def, binding, columns),
    defaultSort,
    get selectItem() {
      return ensure().selectItem;
    },
    get selectList() {
      return ensure().selectList;
    },
    selectFields(list) {
      const key = list.join(',');
      let text = cache.get(key);
      if (!text) {
        text = build(ensure().exprs, list);
        if (cache.size >= MAX_CACHED_PROJECTIONS) cache.clear();
        cache.set(key, text);
      }
      return text;
    },
    hasUpdatedAt: 'updatedAt' in columns,
  };
}
