import { formTabs, type ResourceDef } from '@switchboard/model';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.js';
import { defineServerResource, type ServerResource } from './engine/define.js';
import type { FieldBinding } from './engine/types.js';
import { timezoneField } from './lookups/timezones.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The tables of the schema by their SQL name. */
const TABLES = new Map<string, PgTable>();
for (const value of Object.values(schema) as unknown[]) if (is(value, PgTable)) TABLES.set(getTableName(value), value);

/** Fields whose kind needs a binding of its own: a time zone is stored by name, answered as `{name}`. */
function fieldsOf(def: ResourceDef): Record<string, FieldBinding> {
  const fields = def.form ? formTabs(def.form).flatMap((tab) => tab.fields) : [];
  return Object.fromEntries(
    fields.filter((f) => f.kind === 'timezone').map((f) => [f.field, timezoneField(`t.${snake(f.field)}`, f.field)]),
  );
}

/**
 * The server side of a resource that needs nothing special, from its definition and its table:
 * the table named as the resource in snake case (`pauseCauses`, `pause_causes`), each unique index
 * `<table>_domain_<column>` reported as a conflict on that field, time-zone fields by their kind.
 * A resource with anything more has its own binding in its area's `index.ts`.
 */
export function derivedResource(def: ResourceDef): ServerResource {
  const name = snake(def.name);
  const table = TABLES.get(name);
  if (!table) throw new Error(`${def.name}: no table ${name} in the schema, and no server binding`);
  const prefix = `${name}_domain_`;
  const unique = Object.fromEntries(
    getTableConfig(table)
      .indexes.map((index) => index.config)
      .filter((config) => config.unique && config.name?.startsWith(prefix))
      .map((config) => [config.name as string, camel((config.name as string).slice(prefix.length))]),
  );
  return defineServerResource(def, { table, unique, fields: fieldsOf(def) });
}
