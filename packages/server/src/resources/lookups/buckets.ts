import { buckets as bucketsDef } from '@switchboard/model';
import { buckets } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

export const bucketsResource = defineServerResource(bucketsDef, {
  table: buckets,
  unique: { buckets_domain_name: 'name' },
});
