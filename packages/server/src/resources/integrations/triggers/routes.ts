import { triggerJobsPath, triggerRunNowInput } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { doc, idParam } from '../../../core/route.js';
import { signedInRoute } from '../../../core/signed-in.js';
import { findItem } from '../../engine/ops.js';
import { recordOf } from '../../engine/record-of.js';
import { createManualRun, triggerRuns } from './runs.js';
import { triggerRunsResource, triggersResource } from './triggers.js';

/**
 * "Run now": POST /api/trigger/{id}/job starts a run at once with the body's variables merged over
 * the trigger's, and answers the run as created (idle) without waiting for it: the run log shows
 * how it ends. Guarded as an edit of the trigger; a disabled trigger runs too (it is by hand).
 */
export function registerTriggerRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'POST',
    url: `/api${triggerJobsPath(':triggerId')}`,
    config: { guard: { class: 'trigger', right: 'w', recordParam: 'triggerId' }, resource: 'triggers' },
    schema: doc('triggers', 'Runs the trigger now, with variables merged over its own', {
      params: z.object({ triggerId: idParam('triggerId').describe('Trigger id') }),
      body: triggerRunNowInput.optional(),
      response: { 200: triggerRunsResource.compiled.def.item },
    }),
    handler: async (request) => {
      const { id, row: trigger } = await recordOf(request, triggersResource.compiled, { param: 'triggerId' });
      // No body at all runs with the trigger's own variables.
      const variables = (request.body as z.output<typeof triggerRunNowInput> | undefined)?.variables ?? {};
      const principal = request.principal;
      const db = request.server.ctx.db;
      const runId = await createManualRun(
        db,
        {
          id,
          domainId: principal.domainId,
          timeout: trigger.timeout as number,
          variables: trigger.variables as Record<string, string>,
        },
        variables,
      );
      const run = await findItem(db, triggerRunsResource.compiled, principal, runId);
      triggerRuns(request.server.ctx).start(runId, request.log);
      return run;
    },
  });
}
