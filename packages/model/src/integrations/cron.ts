import { Cron } from 'croner';

/**
 * Cron expressions of triggers: six fields, seconds first (`sec min hour day month weekday`),
 * evaluated in the trigger's time zone. The server's validation and scheduler and the editor's
 * "next runs" preview all go through here, so they agree on every expression.
 */

/** Spec part 2 section 9: at 12 o'clock, every minute. */
export const TRIGGER_CRON_DEFAULT = '0 */1 12 * * *';

/** A slot later than this when a node first sees it is not started (README, "Triggers"). */
export const TRIGGER_CATCH_UP_MS = 5 * 60_000;

/** Parsed expressions by zone: the scheduler looks at every enabled trigger each second. */
const parsed = new Map<string, Cron | null>();
const PARSED_MAX = 1000;

/** The expression parsed for a zone, or null when it is no six-field cron expression (or the zone is unknown). */
export function parseCron(expression: string, timezone = 'UTC'): Cron | null {
  const text = expression.trim();
  const key = `${timezone}\n${text}`;
  const known = parsed.get(key);
  if (known !== undefined) return known;
  let cron: Cron | null = null;
  if (text.split(/\s+/).length === 6) {
    try {
      cron = new Cron(text, { timezone, paused: true });
    } catch {
      cron = null;
    }
  }
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(key, cron);
  return cron;
}

export const isCronExpression = (expression: string) => parseCron(expression) !== null;

/** The next `count` run times strictly after `from`, in the zone (an empty list for a bad expression). */
export function nextRunTimes(expression: string, timezone: string, count: number, from: Date = new Date()): Date[] {
  return parseCron(expression, timezone)?.nextRuns(count, from) ?? [];
}

/** The most slots one look at a trigger starts, however long the node was away. */
const MAX_SLOTS = 100;

/**
 * The slots of a trigger a node should start at `now`. `since` is when this node last looked at
 * the trigger (null on its first look): every slot after it is due. On a first look only the
 * latest slot is due, and only if it is under TRIGGER_CATCH_UP_MS late: slots missed while no
 * node ran are not replayed one by one. Slots before `notBefore` (the trigger's last change) never
 * are: they belong to the expression it had then.
 */
export function dueSlots(
  trigger: { expression: string; timezone: string; notBefore: Date },
  since: Date | null,
  now: Date,
): Date[] {
  const cron = parseCron(trigger.expression, trigger.timezone);
  if (!cron) return [];
  const floor = Math.max(now.getTime() - TRIGGER_CATCH_UP_MS, trigger.notBefore.getTime(), since?.getTime() ?? 0);
  const slots: Date[] = [];
  let next = cron.nextRun(new Date(floor));
  while (next && next.getTime() <= now.getTime()) {
    slots.push(next);
    if (slots.length > MAX_SLOTS) slots.shift();
    next = cron.nextRun(next);
  }
  return since === null ? slots.slice(-1) : slots;
}
