import { loggerConfig as loggerConfigDef } from '@switchboard/model';
import { loggerConfig } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { idRefSql } from '../engine/sql.js';

/** Change-log configuration per loggable object of the domain (system settings). */
export const loggerConfigResource = defineServerResource(loggerConfigDef, {
  table: loggerConfig,
  permission: 'systemSetting',
  unique: { logger_config_domain_object: 'object' },
  fields: {
    storage: {
      // Storage profiles arrive with the integrations area; until then the id stands alone.
      select: idRefSql('t.storage_id'),
      write: (value, row) => {
        row.storageId = (value as { id: number } | null)?.id ?? null;
      },
    },
  },
});
