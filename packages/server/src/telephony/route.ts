import { z } from 'zod';
import type { AppContext } from '../context.js';
import { runFlow } from '../flows/runner.js';
import { matchStrict, TesterFailedError, TesterTimeoutError } from '../resources/routing/dialplan/pattern-tester.js';
import { cachedDialplan } from '../resources/routing/dialplan/route-cache.js';
import { DomainDirectory } from './routing/directory.js';
import {
  type CallState,
  findForeignStep,
  flowSteps,
  gatewayUri,
  Interpreter,
  type Outcome,
  RING_TIMEOUT_MAX,
  RING_TIMEOUT_MIN,
  type RoutingData,
} from './routing/interpreter.js';

/**
 * The call-routing decision (issue 23, README "Call routing"): where a call placed by a device or
 * arriving from a trunking gateway goes. Only reads: the SIP side asks, this answers.
 */

export type RouteInput = {
  domainId: number;
  /** Who places the call: an authenticated device, or a trunking gateway admitted by its ipacl. */
  from: { kind: 'device'; deviceId: number } | { kind: 'gateway'; gatewayId: number };
  /** The caller's number (From user part) and display name (From display). */
  callerNumber: string;
  callerName?: string;
  /** The dialled number (Request-URI user part). */
  destination: string;
  callId: string;
};

/** `timeout`: seconds the target may ring, when the flow gives one (a bridge's leg_timeout). */
export type RouteTarget =
  /** A device of the domain: Kamailio looks `account@realm` up in its location table. */
  | { type: 'device'; deviceId: number; account: string; timeout?: number }
  /** Out through a SIP gateway: `uri` is the full Request-URI to send to (sip:<dialled>@<host[:port]>). */
  | { type: 'gateway'; gatewayId: number; name: string; uri: string; timeout?: number };

export type RouteDecision =
  | {
      action: 'route';
      strategy: 'multiple' | 'failover';
      targets: RouteTarget[];
      /** Caller identity to present (after `set` of the display, say). */
      callerNumber: string;
      callerName?: string;
      variables: Record<string, string>;
      rule?: { id: number; name: string };
      flow?: { id: number; name: string };
    }
  | {
      action: 'reject';
      /** SIP status to answer with (404, 403, 486, 480, 503, 603 ...). */
      code: number;
      /** SIP reason phrase, short and clear ("No route", "Incoming call barred"). */
      reason: string;
      /** Q.850-style cause when a flow step chose it (INCOMING_CALL_BARRED, USER_BUSY ...). */
      cause?: string;
      /** The flow step that refused, for the log line. */
      step?: string;
    };

/** Where refusals are logged: Fastify's `request.log` fits. */
export type RouteLog = { warn(details: Record<string, unknown>, message: string): void };

export type RouteOptions = {
  log?: RouteLog;
  /** The clock of calendar steps (tests). */
  now?: () => Date;
};

/** How long a call waits for the flow runner's routing answer. */
export const FLOW_RUNNER_ROUTE_TIMEOUT_MS = 5000;
const MAX_NUMBER = 128;

/** One JSON line on stderr, as the server's own log lines, when the caller gives no logger. */
function defaultLog(ctx: AppContext): RouteLog {
  return {
    warn(details, message) {
      if (ctx.config.logLevel === 'silent') return;
      process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), ...details, msg: message })}\n`);
    },
  };
}

const reject = (code: number, reason: string, extra: { cause?: string; step?: string } = {}): RouteDecision => ({
  action: 'reject',
  code,
  reason,
  ...extra,
});

/** Decides the route of one call; never throws for bad data (a refusal says why). */
export async function decideRoute(
  ctx: AppContext,
  input: RouteInput,
  options: RouteOptions = {},
): Promise<RouteDecision> {
  const log = options.log ?? defaultLog(ctx);
  let decision: RouteDecision;
  if (!validInput(input)) decision = reject(400, 'Bad Request', { step: 'input' });
  else {
    try {
      decision = await decide(ctx, input, options, log);
    } catch (error) {
      // A database that does not answer, say: the call is refused at once, never left hanging.
      log.warn({ callId: input.callId, err: error instanceof Error ? error.message : String(error) }, 'Routing failed');
      decision = reject(503, 'Routing unavailable', { step: 'routing' });
    }
  }
  if (decision.action === 'reject' && decision.code >= 500)
    log.warn(
      {
        callId: input.callId,
        domainId: input.domainId,
        destination: input.destination,
        code: decision.code,
        step: decision.step,
      },
      `Call refused: ${decision.reason}`,
    );
  return decision;
}

const positiveInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
function validInput(input: RouteInput): boolean {
  if (!input || typeof input !== 'object' || !positiveInt(input.domainId)) return false;
  const from = input.from as { kind?: unknown; deviceId?: unknown; gatewayId?: unknown } | undefined;
  if (from?.kind === 'device') return positiveInt(from.deviceId);
  return from?.kind === 'gateway' && positiveInt(from.gatewayId);
}

async function decide(
  ctx: AppContext,
  input: RouteInput,
  options: RouteOptions,
  log: RouteLog,
): Promise<RouteDecision> {
  const destination = String(input.destination ?? '').trim();
  if (!destination || destination.length > MAX_NUMBER || /[\s@<>"]/.test(destination))
    return reject(484, 'Address Incomplete');
  const dir = await DomainDirectory.of(ctx, input.domainId);
  const state: CallState = {
    destination,
    callerNumber: String(input.callerNumber ?? '').slice(0, MAX_NUMBER),
    callerName: String(input.callerName ?? '').slice(0, MAX_NUMBER),
    captures: [],
    variables: {},
    fromGateway: input.from.kind === 'gateway',
  };

  // The caller must be of the domain: a device, or an enabled gateway.
  // The caller, and the dialled number as a device's account or a user's extension, in one query.
  let inbound: Awaited<ReturnType<DomainDirectory['callingGateway']>> = null;
  if (input.from.kind === 'gateway') {
    inbound = await dir.callingGateway(input.from.gatewayId);
    if (!inbound) return reject(403, 'Unknown gateway');
    if (!inbound.enable) return reject(403, 'Gateway disabled');
  }
  const found = await dir.callee(input.from.kind === 'device' ? input.from.deviceId : null, destination);
  if (input.from.kind === 'device') {
    if (!found.caller) return reject(403, 'Unknown caller');
    if (found.caller.userActive === false) return reject(403, 'Caller disabled');
  }

  const device = found.device;
  if (device) {
    if (device.userActive === false) return reject(480, 'Device disabled');
    return routeTo(state, 'multiple', [{ type: 'device', deviceId: device.id, account: device.account }]);
  }
  if (found.user) {
    if (!found.user.active) return reject(480, 'User disabled');
    if (found.user.dnd) return reject(486, 'Do not disturb', { cause: 'USER_BUSY' });
    const user = await dir.withDevices(found.user);
    if (!user.devices.length) return reject(480, 'User has no device');
    return routeTo(
      state,
      'multiple',
      user.devices.map((d) => ({ type: 'device', deviceId: d.id, account: d.account })),
    );
  }

  // A gateway's inbound flow, else the first enabled dialplan rule that matches.
  let flow: { id: number; name: string; type: string; schema: unknown };
  let rule: { id: number; name: string } | undefined;
  if (inbound?.flowId) {
    flow = {
      id: inbound.flowId,
      name: inbound.flowName ?? '',
      type: inbound.flowType ?? 'voice',
      schema: inbound.schema,
    };
    state.captures = [destination];
  } else {
    const rules = await cachedDialplan(ctx, input.domainId, () => dir.dialplan());
    let match: { index: number; groups: string[] };
    try {
      match = await matchStrict(
        rules.map((r) => r.pattern),
        destination,
      );
    } catch (error) {
      // Patterns not all tested in time (or a failed tester): the call is refused, never routed by
      // a later rule as if the earlier ones did not match.
      return unavailable(log, input, 'dialplan', error);
    }
    if (match.index < 0) return reject(404, 'No route');
    const r = rules[match.index];
    rule = { id: r.id, name: r.name };
    flow = { id: r.flowId, name: r.flowName, type: r.flowType, schema: r.schema };
    state.captures = match.groups;
  }
  const named = { rule, flow: { id: flow.id, name: flow.name } };
  if (flow.type !== 'voice') return reject(500, `Bad flow: ${flow.name} is not a voice flow`, { step: 'flow' });
  const steps = flowSteps(flow.schema);
  if (!steps) return reject(500, `Bad flow: ${flow.name} has no list of steps`, { step: 'flow' });

  const foreign = findForeignStep(steps);
  if (foreign) {
    if (!ctx.config.flowRunnerUrl) return reject(501, `Flow step ${foreign} not supported`, { step: foreign });
    return handOver(ctx, dir, input, state, flow, named, log);
  }

  const data: RoutingData = {
    gateway: (ref) => dir.gateway(ref),
    device: (ref) => dir.device(ref),
    user: (ref) => dir.user(ref),
    calendar: (name) => dir.calendar(name),
    inBlacklist: (list, number) => dir.inBlacklist(list, number),
    regex: async (pattern, text) => (await matchStrict([pattern], text)).index === 0,
    now: options.now ?? (() => new Date()),
  };
  let outcome: Outcome;
  try {
    outcome = await new Interpreter(data, state).run(steps);
  } catch (error) {
    if (error instanceof TesterTimeoutError || error instanceof TesterFailedError)
      return unavailable(log, input, 'if', error);
    throw error;
  }
  if (outcome.kind === 'reject') return toReject(outcome);
  return { ...routeTo(state, outcome.strategy, outcome.targets), ...named };
}

/** A pattern that could not be tested: the call is refused 503 and the cause logged. */
function unavailable(log: RouteLog, input: RouteInput, step: string, error: unknown): RouteDecision {
  log.warn(
    { callId: input.callId, step, err: error instanceof Error ? error.message : String(error) },
    'Routing patterns not tested',
  );
  return reject(503, 'Routing unavailable', { step });
}

function toReject(o: Extract<Outcome, { kind: 'reject' }>): RouteDecision {
  const { kind: _kind, ...rest } = o;
  return { action: 'reject', ...rest };
}

function routeTo(
  state: CallState,
  strategy: 'multiple' | 'failover',
  targets: RouteTarget[],
): RouteDecision & { action: 'route' } {
  return {
    action: 'route',
    strategy,
    targets,
    callerNumber: state.callerNumber,
    ...(state.callerName ? { callerName: state.callerName } : {}),
    variables: { ...state.variables },
  };
}

// What the flow runner must answer to route the call (README "Call routing"): a RouteDecision.
const ringTimeout = z.number().int().min(RING_TIMEOUT_MIN).max(RING_TIMEOUT_MAX).optional();
const runnerTarget = z.union([
  z.object({
    type: z.literal('device'),
    deviceId: z.number().int().optional(),
    account: z.string().optional(),
    timeout: ringTimeout,
  }),
  z.object({
    type: z.literal('gateway'),
    timeout: ringTimeout,
    gatewayId: z.number().int().optional(),
    name: z.string().optional(),
    uri: z.string().optional(),
    dialString: z.string().optional(),
  }),
]);
const runnerAnswer = z.union([
  z.object({
    action: z.literal('route'),
    strategy: z.enum(['multiple', 'failover']).default('multiple'),
    targets: z.array(runnerTarget).min(1).max(50),
    callerNumber: z.string().max(MAX_NUMBER).optional(),
    callerName: z.string().max(MAX_NUMBER).optional(),
    variables: z.record(z.string(), z.string()).optional(),
  }),
  z.object({
    action: z.literal('reject'),
    code: z.number().int().min(400).max(699),
    reason: z.string().max(120).optional(),
    cause: z.string().max(64).optional(),
  }),
]);

const DIALLABLE = /^[A-Za-z0-9+*#._~-]{1,64}$/;
const timeoutOf = (t: { timeout?: number }) => (t.timeout === undefined ? {} : { timeout: t.timeout });
const clean = (text: string) => text.replace(/[^\x20-\x7e]/g, ' ').trim();

/** Hands the flow to the flow runner and turns its answer into a decision checked against the domain. */
async function handOver(
  ctx: AppContext,
  dir: DomainDirectory,
  input: RouteInput,
  state: CallState,
  flow: { id: number; name: string; type: string; schema: unknown },
  named: { rule?: { id: number; name: string }; flow: { id: number; name: string } },
  log: RouteLog,
): Promise<RouteDecision> {
  const variables: Record<string, string> = {
    destination_number: state.destination,
    caller_id_number: state.callerNumber,
    caller_id_name: state.callerName,
    call_id: String(input.callId ?? ''),
  };
  state.captures.forEach((c, i) => {
    variables[`reg0_${i}`] = c;
  });
  if (input.from.kind === 'device') variables.from_device_id = String(input.from.deviceId);
  else variables.from_gateway_id = String(input.from.gatewayId);
  const outcome = await runFlow(
    ctx.config,
    {
      domain: await dir.domainName(),
      flow,
      variables,
      origin: { kind: 'call', id: named.rule?.id ?? flow.id, runId: String(input.callId ?? '') },
    },
    { timeoutMs: FLOW_RUNNER_ROUTE_TIMEOUT_MS },
  );
  if (!outcome.ok) {
    log.warn({ callId: input.callId, flowId: flow.id, error: outcome.error }, 'Flow runner did not route the call');
    return reject(503, 'Flow runner unavailable', { step: 'flowRunner' });
  }
  const parsed = runnerAnswer.safeParse(outcome.result);
  if (!parsed.success) {
    log.warn({ callId: input.callId, flowId: flow.id }, 'Flow runner answer is not a route decision');
    return reject(502, 'Flow runner answer not understood', { step: 'flowRunner' });
  }
  const answer = parsed.data;
  if (answer.action === 'reject')
    return reject(answer.code, clean(answer.reason ?? '') || 'Rejected by flow', {
      ...(answer.cause ? { cause: clean(answer.cause) } : {}),
      step: 'flowRunner',
    });
  const targets: RouteTarget[] = [];
  for (const t of answer.targets) {
    if (t.type === 'device') {
      // By id when the target gives one, else by account (the directory's order).
      const d = await dir.device({ id: t.deviceId, account: t.account });
      if (d && d.userActive !== false)
        targets.push({ type: 'device', deviceId: d.id, account: d.account, ...timeoutOf(t) });
      continue;
    }
    if (state.fromGateway) continue;
    const g = await dir.gateway({ id: t.gatewayId, name: t.name });
    const dial = t.dialString ?? /^sips?:([^@]+)@/.exec(t.uri ?? '')?.[1] ?? state.destination;
    const uri = g?.enable && DIALLABLE.test(dial) ? gatewayUri(g, dial) : null;
    if (g && uri) targets.push({ type: 'gateway', gatewayId: g.id, name: g.name, uri, ...timeoutOf(t) });
  }
  if (!targets.length) return reject(480, 'No endpoint available', { step: 'flowRunner' });
  if (answer.callerNumber !== undefined) state.callerNumber = clean(answer.callerNumber);
  if (answer.callerName !== undefined) state.callerName = clean(answer.callerName);
  Object.assign(state.variables, answer.variables ?? {});
  return { ...routeTo(state, answer.strategy, targets), ...named };
}
