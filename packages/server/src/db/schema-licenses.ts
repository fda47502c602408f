// Tables of the licenses area; see schema.ts for the conventions.
export {};
