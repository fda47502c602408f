import { OBJECTS_PERMISSION, objclass as objclassDef } from '@switchboard/model';
import { invalidateAuth } from '../../auth/cache.js';
import { objclass } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

/** Object classes: listed and toggled (obac, rbac) by holders of the objects permission. */
export const objclassResource = defineServerResource(objclassDef, {
  table: objclass,
  recordClass: null,
  permission: OBJECTS_PERMISSION,
  afterCommit: (app) => invalidateAuth(app),
});
