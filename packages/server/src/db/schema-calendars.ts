// Tables of the calendars area; see schema.ts for the conventions.
export {};
