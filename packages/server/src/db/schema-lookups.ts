// Tables of the lookups area; see schema.ts for the conventions.
export {};
