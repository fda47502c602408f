// Tables of the media area; see schema.ts for the conventions.
export {};
