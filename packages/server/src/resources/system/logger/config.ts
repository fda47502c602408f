import { loggerConfig as loggerConfigDef } from '@switchboard/model';
import { loggerConfig } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';

/**
 * Change-log configuration per loggable object of the domain (system settings). `storage` is a
 * reference to a storage profile of the domain (column storage_id, cleared when it is deleted).
 */
export const loggerConfigResource = defineServerResource(loggerConfigDef, {
  table: loggerConfig,
  permission: 'systemSetting',
  unique: { logger_config_domain_object: 'object' },
});
