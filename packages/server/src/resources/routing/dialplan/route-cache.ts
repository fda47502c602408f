import type { AppContext } from '../../../context.js';
import { keptCopy } from '../../../core/node-changes.js';

/**
 * A domain's enabled dialplan rules with their flows, as the last route decision read them: every
 * call that reaches the dialplan needs them, and they change rarely. Forgotten on every node
 * whenever a rule or a flow changes (`forgetRoutes`, a notice to the other nodes), and when the
 * notice listener was down, so the next route answer after a change reads them afresh.
 */
const CHANNEL = 'sip_routes_changed';
const MAX_DOMAINS = 1_000;

export type DialplanRule = {
  id: number;
  name: string;
  pattern: string;
  flowId: number;
  flowName: string;
  flowType: string;
  schema: unknown;
};

// Domain id → its rules.
const kept = keptCopy(
  CHANNEL,
  () => ({ rules: new Map<number, readonly DialplanRule[]>() }),
  (cache) => cache.rules.clear(),
);

/** Forgets the kept rules here and on every other node (after a change of dialplan or flows). */
export const forgetRoutes = kept.forget;

/** Listens for the other nodes' changes; returns the stop. */
export const watchRoutes = kept.watch;

/** The domain's rules from the cache, else from `read` (kept unless a change came meanwhile). */
export async function cachedDialplan(
  ctx: Pick<AppContext, 'db'>,
  domainId: number,
  read: () => Promise<DialplanRule[]>,
): Promise<readonly DialplanRule[]> {
  const cache = kept.of(ctx);
  const hit = cache.rules.get(domainId);
  if (hit) return hit;
  const generation = cache.generation;
  const rules = await read();
  // Not when something changed while the database was asked: the answer may predate it.
  if (cache.generation === generation) {
    if (cache.rules.size >= MAX_DOMAINS) cache.rules.clear();
    cache.rules.set(domainId, rules);
  }
  return rules;
}
