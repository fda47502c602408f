// Tables of the routing area; see schema.ts for the conventions.
export {};
