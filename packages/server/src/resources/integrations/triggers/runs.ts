import { dueSlots, TRIGGER_TIMEOUT_CAP } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/sql.js';
import { runFlow } from '../../../flows/runner.js';

/**
 * Cron triggers: each API node runs a ticker that, a little after every second, looks at the
 * enabled triggers and claims the slots due since it last looked (`dueSlots`). Claiming is an
 * insert into `trigger_runs` keyed by (trigger, slot): the node whose insert wins runs the slot,
 * the others' inserts do nothing, so each slot runs once across nodes. pg-boss's own cron counts
 * minutes, so it only drives the sweep that closes runs a dead node left open.
 *
 * A run: idle (claimed) → active (handed to the flow runner) → done, or error with its text. It is
 * never retried.
 */

/** A run whose node died is closed this long after it should have ended. */
export const TRIGGER_GRACE_MS = 60_000;
export const INTERRUPTED = 'Interrupted: the server running it stopped before the run ended';
const NO_FLOW = 'The trigger has no flow';

type DueTrigger = {
  id: number;
  domainId: number;
  expression: string;
  timezone: string;
  timeout: number;
  variables: Record<string, string>;
  updatedAt: string;
};

type RunRow = {
  id: number;
  domainId: number;
  triggerId: number;
  timeout: number;
  variables: Record<string, string>;
};

/** Seconds of a run's limit as milliseconds: 0 means no limit of its own, bounded by the cap. */
const limitMs = (timeout: number) => (timeout > 0 ? timeout : TRIGGER_TIMEOUT_CAP) * 1000;

/** Claims one slot of a trigger; answers the run's id, or null where another node claimed it first. */
export async function claimSlot(db: Db, trigger: DueTrigger, slot: Date): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into trigger_runs (domain_id, trigger_id, slot, variables, timeout)
      values (${trigger.domainId}, ${trigger.id}, ${slot.toISOString()}, ${JSON.stringify(trigger.variables)}::jsonb,
        ${trigger.timeout})
      on conflict (trigger_id, slot) do nothing returning id`,
  );
  return row ? Number(row.id) : null;
}

/** A run started by hand (no slot), with the variables given merged over the trigger's. */
export async function createManualRun(
  db: Db,
  trigger: { id: number; domainId: number; timeout: number; variables: Record<string, string> },
  variables: Record<string, string>,
): Promise<number> {
  const merged = { ...trigger.variables, ...variables };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into trigger_runs (domain_id, trigger_id, variables, timeout)
      values (${trigger.domainId}, ${trigger.id}, ${JSON.stringify(merged)}::jsonb, ${trigger.timeout}) returning id`,
  );
  return Number(row.id);
}

/** Times of a run are kept to the millisecond, so that its duration is exactly stopped − started. */
const NOW_MS = sql.raw(`date_trunc('milliseconds', clock_timestamp())`);

async function finish(db: Db, runId: number, error: string | null, output: unknown = null) {
  const kept = output === null || output === undefined ? null : JSON.stringify(output);
  await db.execute(sql`with now as (select ${NOW_MS} as at)
    update trigger_runs set result = ${error === null ? 'done' : 'error'}, error = ${error ?? ''}, stopped_at = now.at,
      output = ${kept}::jsonb,
      duration_ms = greatest(0, round(extract(epoch from (now.at - coalesce(started_at, now.at))) * 1000))::int
    from now where id = ${runId} and result in ('idle', 'active')`);
}

/**
 * Runs a claimed run: marks it active, hands the trigger's flow to the flow runner and waits up to
 * the run's timeout, then records done (with the runner's answer) or the error. Every failure of
 * the hand-over ends the run in error; only the database failing throws.
 */
export async function executeRun(ctx: AppContext, runId: number, signal?: AbortSignal): Promise<void> {
  const [run] = await queryRows<RunRow>(
    ctx.db,
    sql`update trigger_runs set result = 'active', started_at = ${NOW_MS}
      where id = ${runId} and result = 'idle'
      returning id, domain_id as "domainId", trigger_id as "triggerId", timeout, variables`,
  );
  if (!run) return;
  const [flow] = await queryRows<{ id: number; name: string; type: string; schema: unknown; domain: string }>(
    ctx.db,
    sql`select f.id, f.name, f.type, f.schema, d.name as domain from triggers t
      join flows f on f.id = t.flow_id join domains d on d.id = t.domain_id where t.id = ${run.triggerId}`,
  );
  if (!flow) {
    await finish(ctx.db, runId, NO_FLOW);
    return;
  }
  const outcome = await runFlow(
    ctx.config,
    {
      domain: flow.domain,
      flow: { id: flow.id, name: flow.name, type: flow.type, schema: flow.schema },
      variables: run.variables,
      origin: { kind: 'trigger', id: run.triggerId, runId: String(run.id) },
    },
    { timeoutMs: limitMs(run.timeout), signal },
  );
  if (outcome.ok) await finish(ctx.db, runId, null, outcome.result);
  else await finish(ctx.db, runId, outcome.error);
}

/**
 * Closes runs left open by a node that died: idle ones older than the grace, active ones past
 * their timeout plus the grace (a live node ends its own runs at their timeout). Answers how many.
 */
export async function sweepInterrupted(db: Db, now: Date, graceMs = TRIGGER_GRACE_MS): Promise<number> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update trigger_runs set result = 'error', error = ${INTERRUPTED}, stopped_at = ${at}::timestamptz,
        duration_ms = case when started_at is null then null
          else greatest(0, round(extract(epoch from (${at}::timestamptz - started_at)) * 1000))::int end
      where result in ('idle', 'active') and (
        (result = 'idle' and created_at < ${at}::timestamptz - make_interval(secs => ${graceMs / 1000}))
        or (result = 'active' and started_at < ${at}::timestamptz
          - make_interval(secs => (case when timeout > 0 then timeout else ${TRIGGER_TIMEOUT_CAP} end) + ${graceMs / 1000})))
      returning id`,
  );
  return rows.length;
}

/** Closes every open run (the embedded database's only process starts: none can still be running). */
export async function closeOpenRuns(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update trigger_runs set result = 'error', error = ${INTERRUPTED}, stopped_at = clock_timestamp(),
        duration_ms = case when started_at is null then null
          else greatest(0, round(extract(epoch from (clock_timestamp() - started_at)) * 1000))::int end
      where result in ('idle', 'active') returning id`,
  );
  return rows.length;
}

/** The runs this node has in flight: stopping the node stops them (their runs end in error). */
export class TriggerRuns {
  private readonly running = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  constructor(private readonly ctx: AppContext) {}

  get stopped() {
    return this.controller.signal.aborted;
  }

  /** Starts a claimed run without waiting for it. */
  start(runId: number, log?: FastifyBaseLogger) {
    if (this.stopped) return;
    const done = executeRun(this.ctx, runId, this.controller.signal)
      .catch((error) => log?.error({ err: error, runId }, 'a trigger run failed to record'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async stop() {
    this.controller.abort();
    await Promise.allSettled([...this.running]);
  }
}

const runsByContext = new WeakMap<AppContext, TriggerRuns>();

/** This node's runs of the given server. */
export function triggerRuns(ctx: AppContext): TriggerRuns {
  let runs = runsByContext.get(ctx);
  if (!runs) {
    runs = new TriggerRuns(ctx);
    runsByContext.set(ctx, runs);
  }
  return runs;
}

/** Stops this node's ticker and its runs in flight (server close). */
export async function stopTriggers(ctx: AppContext): Promise<void> {
  await tickers.get(ctx)?.stop();
  await runsByContext.get(ctx)?.stop();
}

/** Looks at the enabled triggers at given instants and claims their due slots. */
export class TriggerTicker {
  /** When this node last looked at each trigger. */
  private readonly seen = new Map<number, Date>();

  constructor(
    private readonly ctx: AppContext,
    private readonly runs: TriggerRuns,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Claims the slots due at `now` and starts those this node won; answers their run ids. */
  async tick(now: Date): Promise<number[]> {
    const due = await queryRows<DueTrigger>(
      this.ctx.db,
      sql`select id, domain_id as "domainId", expression, timezone, timeout, variables,
          updated_at as "updatedAt" from triggers where enabled`,
    );
    const claimed: number[] = [];
    const present = new Set<number>();
    for (const trigger of due) {
      present.add(trigger.id);
      const since = this.seen.get(trigger.id) ?? null;
      this.seen.set(trigger.id, now);
      const slots = dueSlots({ ...trigger, notBefore: new Date(trigger.updatedAt) }, since, now);
      for (const slot of slots) {
        const runId = await claimSlot(this.ctx.db, trigger, slot);
        if (runId === null) continue;
        claimed.push(runId);
        this.runs.start(runId, this.log);
      }
    }
    // A trigger disabled, deleted or changed is looked at afresh when it is back.
    for (const id of this.seen.keys()) if (!present.has(id)) this.seen.delete(id);
    return claimed;
  }
}

const tickers = new WeakMap<AppContext, { stop(): Promise<void> }>();

/**
 * Starts this node's ticker: a little after each whole second (or every `tickMs`), never two
 * ticks at once. A tick that fails is logged; the next one tries again.
 */
export function startTriggerTicker(ctx: AppContext, log: FastifyBaseLogger, options: { tickMs?: number } = {}) {
  const ticker = new TriggerTicker(ctx, triggerRuns(ctx), log);
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let stopped = false;
  const delay = () => options.tickMs ?? 1000 - (Date.now() % 1000) + 20;
  const loop = () => {
    if (stopped) return;
    current = ticker
      .tick(new Date())
      .catch((error) => log.warn({ err: error }, 'the trigger ticker failed'))
      .finally(() => {
        current = null;
        if (!stopped) timer = setTimeout(loop, delay());
      });
  };
  timer = setTimeout(loop, delay());
  tickers.set(ctx, {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  });
}
