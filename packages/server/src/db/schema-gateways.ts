// Tables of the gateways area; see schema.ts for the conventions.
export {};
