import { DISPLAY_TAKEN, resourceDisplays as displaysDef, resources as resourcesDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../core/errors.js';
import { ccResourceDisplays, ccResources } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { registerImporter } from '../imports/importer.js';
import { usedBy } from './usage.js';

/**
 * Resources at /api/call_center/resources. A resource some group dials through (as its resource
 * or its reserve) cannot be deleted: the refusal names the groups.
 */
export const resourcesResource = defineServerResource(resourcesDef, {
  table: ccResources,
  unique: { cc_resources_domain_name: 'name' },
  beforeDelete: async (item, _ctx, tx) => {
    const names = await usedBy(
      tx,
      sql`select distinct g.name from cc_resource_group_resources gr join cc_resource_groups g on g.id = gr.group_id
          where gr.resource_id = ${item.id as number} or gr.reserve_resource_id = ${item.id as number}`,
    );
    if (names)
      throw keyedError(409, 'app.resources.in_use', 'resourceInUse', { names }, [
        keyedField('id', 'resourceInUse', { names }),
      ]);
  },
});

/** Display numbers carry no record ACL of their own: the resource's class and record rights govern them. */
export const resourceDisplaysResource = defineServerResource(displaysDef, {
  table: ccResourceDisplays,
  unique: { cc_resource_displays_resource_display: 'display' },
});

/**
 * The CSV import of a resource's display numbers (`POST /call_center/resources/{id}/display/import`):
 * one number a row, checked as a single number is; a number the resource has, or an earlier row
 * repeats, is reported on its line.
 */
registerImporter({
  def: displaysDef as typeof displaysDef & { import: NonNullable<typeof displaysDef.import> },
  compiled: resourceDisplaysResource.compiled,
  schema: displaysDef.input,
  prepare: (cells) => ({ display: cells.display ?? '' }),
  keyField: 'display',
  key: (record) => record.display as string,
  table: 'cc_resource_displays',
  columns: [{ column: 'display', value: (r) => r.display as string }],
  fixed: (scope) => ({ domain_id: scope.domainId, resource_id: scope.parentId as number }),
  takenKeys: (scope, params) =>
    `select display from cc_resource_displays where resource_id = ${params.p(scope.parentId)}`,
  insertedKey: 'display',
  duplicateMessage: `${DISPLAY_TAKEN} (line {{line}})`,
  takenMessage: DISPLAY_TAKEN,
});
