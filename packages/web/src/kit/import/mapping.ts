import type { ImportSpec } from '@switchboard/model';

/** Field → the file's column (from 0), or null when the file has no column for it. */
export type Mapping = Record<string, number | null>;

const norm = (text: string) => text.trim().toLowerCase();

/** Whether a header cell names a column of the spec (its field or an alias, in any case). */
const names = (spec: ImportSpec, field: string, cell: string) => {
  const column = spec.columns.find((c) => c.field === field);
  const wanted = [field, ...(column?.aliases ?? [])].map(norm);
  return wanted.includes(norm(cell));
};

/** Whether a first row looks like a header: one of its cells names a column of the spec. */
export function looksLikeHeader(spec: ImportSpec, firstRow: readonly string[]): boolean {
  return firstRow.some((cell) => spec.columns.some((c) => names(spec, c.field, cell)));
}

/**
 * The mapping the dialog starts with: by the header's names (field or alias, any case) when the
 * file has a header row, else by position (the spec's columns in order).
 */
export function preselectMapping(spec: ImportSpec, header: readonly string[] | null, columnCount: number): Mapping {
  const mapping: Mapping = {};
  spec.columns.forEach((column, position) => {
    if (header) {
      const found = header.findIndex((cell) => names(spec, column.field, cell));
      mapping[column.field] = found >= 0 ? found : null;
    } else mapping[column.field] = position < columnCount ? position : null;
  });
  return mapping;
}

/** Required fields the mapping leaves without a column. */
export const unmappedRequired = (spec: ImportSpec, mapping: Mapping) =>
  spec.columns.filter((c) => c.required && (mapping[c.field] ?? null) === null).map((c) => c.field);

/** The `mapping` field of the upload: only the fields that have a column. */
export function mappingJson(mapping: Mapping): string {
  const sent: Record<string, number> = {};
  for (const [field, column] of Object.entries(mapping)) if (column !== null) sent[field] = column;
  return JSON.stringify(sent);
}
