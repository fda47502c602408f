import { CRUD, DESCRIPTION_COLUMN, DESCRIPTION_FIELD, lookup, NAME_COLUMN, NAME_FIELD } from '../define.js';
import { nameAndDescription } from '../validation.js';

/** Bucket (spec part 1 section 3): name, description; per-record permissions. */
export const buckets = lookup({
  name: 'buckets',
  path: '/call_center/buckets',
  objClass: 'cc_bucket',
  input: nameAndDescription(),
  columns: [NAME_COLUMN, DESCRIPTION_COLUMN],
  recordAcl: true,
  // REFERENCE lists GET, PUT and DELETE on an item; PATCH is served too, like every lookup.
  ops: CRUD,
  form: {
    fields: [NAME_FIELD, DESCRIPTION_FIELD],
  },
});
