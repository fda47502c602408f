// Tables of the devices area; see schema.ts for the conventions.
export {};
