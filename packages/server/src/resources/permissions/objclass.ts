import { objclass as objclassDef } from '@switchboard/model';
import { invalidateAuth } from '../../auth/cache.js';
import { objclass } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

/** Object classes: listed and toggled (obac, rbac) under the roles class; ids are not role records. */
export const objclassResource = defineServerResource(objclassDef, {
  table: objclass,
  recordClass: null,
  afterCommit: (app) => invalidateAuth(app),
});
