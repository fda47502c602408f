import type { FormField, FormFieldKind } from '@switchboard/model';
import type { z } from 'zod';

/** The value a field holds when the schema gives it no default. */
export function blank(kind: FormFieldKind | undefined): unknown {
  switch (kind) {
    case 'switch':
      return false;
    case 'rows':
    case 'refs':
    case 'tags':
      return [];
    case 'time':
      return 0;
    case 'select':
    case 'ref':
    case 'timezone':
    case 'date':
      return null;
    default:
      // A number input shows '' while empty; the schema then names the field.
      return '';
  }
}

type Node = { def: { type: string; innerType?: Node; element?: Node; in?: Node; shape?: Record<string, Node> } };

/** The object schema of one row of an array field (through defaults, optionals and pipes), if any. */
export function rowSchema(input: z.ZodObject, field: string): z.ZodObject | undefined {
  let node = (input.shape as Record<string, Node>)[field];
  while (node) {
    const d = node.def;
    if (d.type === 'array') {
      const element = d.element;
      return element?.def.type === 'object' ? (element as unknown as z.ZodObject) : undefined;
    }
    node = (d.innerType ?? d.in) as Node;
  }
  return undefined;
}

/** The default of one schema field, or undefined when it has none. */
export function schemaDefault(schema: unknown): unknown {
  const parsed = (schema as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

/** A new row: each column's schema default, else the blank of its kind. */
export function newRow(schema: z.ZodObject | undefined, columns: readonly FormField[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    const found = schema ? schemaDefault((schema.shape as Record<string, unknown>)[c.field]) : undefined;
    row[c.field] = found !== undefined ? found : blank(c.kind);
  }
  return row;
}
