import { loggerConfig as loggerConfigDef, messages } from '@switchboard/model';
import { loggerConfig } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { validationError } from '../../engine/http.js';
import { idRefSql } from '../../engine/sql.js';

/** Change-log configuration per loggable object of the domain (system settings). */
export const loggerConfigResource = defineServerResource(loggerConfigDef, {
  table: loggerConfig,
  permission: 'systemSetting',
  unique: { logger_config_domain_object: 'object' },
  fields: {
    storage: {
      // Storage profiles arrive with the integrations area: until then no id names one, so only
      // "no storage" (null) is taken, and nothing unchecked is stored.
      select: idRefSql('t.storage_id'),
      write: (value, row) => {
        if (value) throw validationError('logger', [{ field: 'storage.id', message: messages.noSuchRecord }]);
        row.storageId = null;
      },
    },
  },
});
