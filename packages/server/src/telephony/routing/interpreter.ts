import type { DirectoryGateway } from '../../resources/directory/sip-directory.js';
import { type CalendarData, isCalendarOpen } from './calendar.js';
import { sipOfCause } from './causes.js';
import { ExpressionError, type RegexTest, test } from './expression.js';

/**
 * The call-routing subset of a voice flow, carried out here (README "Call routing"). The
 * interpreter only reads: every lookup goes through `RoutingData`, so it can be tested without a
 * database and it never changes anything.
 */

/** A SIP gateway as routing reads it (the kept directory's row). */
export type GatewayData = DirectoryGateway;
export type DeviceData = { id: number; account: string; name: string; userActive: boolean | null };
export type UserData = { id: number; name: string; active: boolean; dnd: boolean; devices: DeviceData[] };
export type EndpointRef = { id?: number; name?: string; account?: string; extension?: string };

export type RoutingData = {
  gateway(ref: EndpointRef): Promise<GatewayData | null>;
  device(ref: EndpointRef): Promise<DeviceData | null>;
  user(ref: EndpointRef): Promise<UserData | null>;
  calendar(name: string): Promise<CalendarData | null>;
  /** Whether the number is in the list (unexpired); null when there is no such list. */
  inBlacklist(list: string, number: string): Promise<boolean | null>;
  regex: RegexTest;
  now: () => Date;
};

/** `timeout`: how long the target may ring, in seconds, when the flow says (leg_timeout). */
export type Target =
  | { type: 'device'; deviceId: number; account: string; timeout?: number }
  | { type: 'gateway'; gatewayId: number; name: string; uri: string; timeout?: number };

export type Outcome =
  | { kind: 'route'; strategy: 'multiple' | 'failover'; targets: Target[] }
  | { kind: 'reject'; code: number; reason: string; cause?: string; step?: string };

export type CallState = {
  destination: string;
  callerNumber: string;
  callerName: string;
  /** The dialplan match: `[whole, $1, $2, …]`. */
  captures: string[];
  variables: Record<string, string>;
  /** A call from a trunking gateway: never bridged out to a gateway again. */
  fromGateway: boolean;
};

/** Steps the interpreter carries out. */
export const ROUTING_STEPS = [
  'answer',
  'ringReady',
  'preAnswer',
  'bridge',
  'hangup',
  'if',
  'switch',
  'set',
  'calendar',
  'blackList',
  'goto',
] as const;
/** Steps that need the contact-center engine: refused when reached. */
export const CONTACT_CENTER_STEPS = [
  'queue',
  'joinQueue',
  'joinAgent',
  'agent',
  'callbackQueue',
  'ccPosition',
  'cancelQueue',
  'memberInfo',
  'agentInfo',
] as const;
/** Keys of a step object that are not its application. */
const META_KEYS = new Set(['tag', 'break', 'async', 'description', 'comment', 'label']);

/** At most this many steps are carried out for one call (a `goto` loop ends here). */
export const STEP_BUDGET = 1000;
/** At most this deep in `if`, `switch` and `blackList` actions. */
export const MAX_NESTING = 32;

const VAR_NAME = /^[A-Za-z_][\w.-]*$/;
/** What a dial string may become: the characters of a telephone number or a simple SIP user. */
const DIALLABLE = /^[A-Za-z0-9+*#._~-]{1,64}$/;
/** A ring timeout a flow may give, in seconds. */
export const RING_TIMEOUT_MIN = 1;
export const RING_TIMEOUT_MAX = 600;

class FlowError extends Error {
  constructor(
    message: string,
    readonly step: string,
  ) {
    super(message);
  }
}

type StepOutcome = Outcome | { kind: 'goto'; tag: string } | null;

/** The application of one step (its only key other than the meta keys), or throws. */
export function stepName(step: unknown, path: string): string {
  if (!step || typeof step !== 'object' || Array.isArray(step))
    throw new FlowError(`step ${path} is not an object`, path);
  const keys = Object.keys(step).filter((k) => !META_KEYS.has(k));
  if (keys.length !== 1) throw new FlowError(`step ${path} must name exactly one application`, path);
  return keys[0];
}

/** The steps of a flow schema: an array, or an object holding one under `schema` or `steps`. */
export function flowSteps(schema: unknown): unknown[] | null {
  if (Array.isArray(schema)) return schema;
  if (schema && typeof schema === 'object') {
    const inner = (schema as Record<string, unknown>).schema ?? (schema as Record<string, unknown>).steps;
    if (Array.isArray(inner)) return inner;
  }
  return null;
}

const asSteps = (v: unknown, path: string): unknown[] => {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return [v];
  throw new FlowError(`${path} must be a list of steps`, path);
};

/**
 * The first step, anywhere in the flow, that is neither in the routing subset nor a contact-center
 * step: a flow holding one is handed to the flow runner whole. Null when there is none; the walk is
 * bounded like a run.
 */
export function findForeignStep(steps: unknown[]): string | null {
  let seen = 0;
  const walk = (list: unknown[], depth: number): string | null => {
    if (depth > MAX_NESTING) return null;
    for (const step of list) {
      if (++seen > STEP_BUDGET * 10) return null;
      if (!step || typeof step !== 'object' || Array.isArray(step)) continue;
      const keys = Object.keys(step).filter((k) => !META_KEYS.has(k));
      if (keys.length !== 1) continue;
      const name = keys[0];
      const body = (step as Record<string, unknown>)[name];
      if (!(ROUTING_STEPS as readonly string[]).includes(name)) {
        if ((CONTACT_CENTER_STEPS as readonly string[]).includes(name)) continue;
        return name;
      }
      const nested: unknown[] = [];
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const b = body as Record<string, unknown>;
        if (name === 'if') nested.push(b.then, b.else);
        if (name === 'blackList') nested.push(b.action, b.actions);
        if (name === 'switch') {
          const cases = b.case ?? b.cases;
          if (cases && typeof cases === 'object') nested.push(...Object.values(cases));
        }
      }
      for (const n of nested) {
        const list = Array.isArray(n) ? n : n && typeof n === 'object' ? [n] : [];
        const found = walk(list, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(steps, 0);
}

/** Runs the routing subset of a flow for one call; never throws for bad flow data. */
export class Interpreter {
  private spent = 0;
  /** Why the last bridge found nothing to call, for the end of the flow. */
  private lastFailure: Outcome | null = null;

  constructor(
    private readonly data: RoutingData,
    readonly state: CallState,
  ) {}

  /** The value of a variable: set ones first, then the call's own. */
  resolve = (name: string): string => {
    const v = this.state.variables[name];
    if (v !== undefined) return v;
    switch (name) {
      case 'destination':
      case 'destination_number':
      case 'number':
        return this.state.destination;
      case 'caller':
      case 'callerNumber':
      case 'caller_id_number':
      case 'effective_caller_id_number':
        return this.state.callerNumber;
      case 'callerName':
      case 'caller_id_name':
      case 'effective_caller_id_name':
        return this.state.callerName;
      default:
        return /^\d$/.test(name) ? (this.state.captures[Number(name)] ?? '') : '';
    }
  };

  /** `${name}` becomes the variable, `$1` and `&reg0.$1` the dialplan capture. */
  expand(template: unknown): string {
    if (typeof template === 'number') return String(template);
    if (typeof template !== 'string') return '';
    return template.replace(/&reg0\.\$(\d)|\$\{([^}]*)\}|\$(\d)/g, (_all, reg: string, name: string, cap: string) => {
      if (name !== undefined) return this.resolve(name.trim());
      return this.state.captures[Number(reg ?? cap)] ?? '';
    });
  }

  async run(steps: unknown[]): Promise<Outcome> {
    try {
      let start = 0;
      for (;;) {
        const out = await this.runList(steps, 'flow', 0, start);
        if (out === null) return this.lastFailure ?? { kind: 'reject', ...sipOfCause('NORMAL_CLEARING'), step: 'end' };
        if (out.kind !== 'goto') return out;
        const at = steps.findIndex((s) => !!s && typeof s === 'object' && (s as { tag?: unknown }).tag === out.tag);
        if (at < 0) throw new FlowError(`goto: no step has the tag "${out.tag}"`, 'goto');
        start = at;
      }
    } catch (error) {
      if (error instanceof FlowError)
        return { kind: 'reject', code: 500, reason: `Bad flow: ${error.message}`, step: error.step };
      throw error;
    }
  }

  private async runList(steps: unknown[], path: string, depth: number, start = 0): Promise<StepOutcome> {
    if (depth > MAX_NESTING) throw new FlowError(`nested deeper than ${MAX_NESTING} levels`, path);
    for (let i = start; i < steps.length; i++) {
      if (++this.spent > STEP_BUDGET) throw new FlowError(`more than ${STEP_BUDGET} steps (a loop?)`, `${path}.${i}`);
      const out = await this.runStep(steps[i], `${path}.${i}`, depth);
      if (out) return out;
    }
    return null;
  }

  private async runStep(step: unknown, path: string, depth: number): Promise<StepOutcome> {
    const name = stepName(step, path);
    const body = (step as Record<string, unknown>)[name];
    const where = `${path} (${name})`;
    switch (name) {
      case 'answer':
      case 'ringReady':
      case 'preAnswer':
        return null;
      case 'hangup': {
        const cause =
          typeof body === 'string' || typeof body === 'number'
            ? String(body)
            : body && typeof body === 'object'
              ? String((body as { cause?: unknown }).cause ?? '')
              : '';
        return { kind: 'reject', ...sipOfCause(this.expand(cause)), step: name };
      }
      case 'set':
        this.set(body, where);
        return null;
      case 'goto': {
        const tag = typeof body === 'string' ? body : (body as { tag?: unknown } | null)?.tag;
        if (typeof tag !== 'string' || !tag) throw new FlowError(`${where}: needs a tag`, name);
        return { kind: 'goto', tag };
      }
      case 'if': {
        const b = this.object(body, where, name);
        if (typeof b.expression !== 'string') throw new FlowError(`${where}: needs an expression`, name);
        let yes: boolean;
        try {
          yes = await test(b.expression, this.resolve, this.data.regex);
        } catch (error) {
          if (error instanceof ExpressionError) throw new FlowError(`${where}: expression: ${error.message}`, name);
          throw error;
        }
        const branch = yes ? 'then' : 'else';
        return this.runList(asSteps(b[branch], `${where}.${branch}`), `${path}.${branch}`, depth + 1);
      }
      case 'switch': {
        const b = this.object(body, where, name);
        const cases = b.case ?? b.cases;
        if (!cases || typeof cases !== 'object' || Array.isArray(cases))
          throw new FlowError(`${where}: needs the cases as an object`, name);
        const value = this.expand(b.variable ?? b.value ?? '');
        const table = cases as Record<string, unknown>;
        const key = Object.hasOwn(table, value) ? value : Object.hasOwn(table, 'default') ? 'default' : null;
        if (key === null) return null;
        return this.runList(asSteps(table[key], `${where}.${key}`), `${path}.${key}`, depth + 1);
      }
      case 'calendar': {
        const b = this.object(body, where, name);
        const calName = this.expand(b.name);
        const calendar = calName ? await this.data.calendar(calName) : null;
        if (!calendar) throw new FlowError(`${where}: no calendar named "${calName}"`, name);
        let open: boolean;
        try {
          open = isCalendarOpen(calendar, this.data.now());
        } catch {
          throw new FlowError(`${where}: calendar "${calName}" has an unknown time zone`, name);
        }
        const variable = typeof b.setVar === 'string' && b.setVar ? b.setVar : 'calendar';
        if (!VAR_NAME.test(variable)) throw new FlowError(`${where}: bad setVar "${variable}"`, name);
        this.state.variables[variable] = String(open);
        return null;
      }
      case 'blackList': {
        const b = this.object(body, where, name);
        const list = this.expand(b.name);
        const number = b.number === undefined ? this.state.callerNumber : this.expand(b.number);
        const hit = list ? await this.data.inBlacklist(list, number) : null;
        if (hit === null) throw new FlowError(`${where}: no blacklist named "${list}"`, name);
        if (!hit) return null;
        const action = b.action ?? b.actions;
        if (action === undefined || (Array.isArray(action) && !action.length))
          return { kind: 'reject', ...sipOfCause('INCOMING_CALL_BARRED'), step: name };
        return this.runList(asSteps(action, `${where}.action`), `${path}.action`, depth + 1);
      }
      case 'bridge':
        return this.bridge(this.object(body, where, name), where);
      default:
        if ((CONTACT_CENTER_STEPS as readonly string[]).includes(name))
          return { kind: 'reject', code: 503, reason: `Contact center not available (${name})`, step: name };
        return { kind: 'reject', code: 501, reason: `Flow step ${name} not supported`, step: name };
    }
  }

  private object(body: unknown, where: string, name: string): Record<string, unknown> {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new FlowError(`${where}: needs an object`, name);
    return body as Record<string, unknown>;
  }

  private set(body: unknown, where: string) {
    const pairs: [string, unknown][] = [];
    const fromText = (t: string) => {
      const at = t.indexOf('=');
      if (at <= 0) throw new FlowError(`${where}: "${t}" is not name=value`, 'set');
      pairs.push([t.slice(0, at).trim(), t.slice(at + 1)]);
    };
    if (typeof body === 'string') fromText(body);
    else if (Array.isArray(body)) {
      for (const t of body) {
        if (typeof t !== 'string') throw new FlowError(`${where}: each entry must be name=value text`, 'set');
        fromText(t);
      }
    } else if (body && typeof body === 'object') pairs.push(...Object.entries(body));
    else throw new FlowError(`${where}: needs name=value`, 'set');
    for (const [key, raw] of pairs) {
      if (!VAR_NAME.test(key)) throw new FlowError(`${where}: bad variable name "${key}"`, 'set');
      const value = this.expand(raw).slice(0, 1024);
      if (key === 'effective_caller_id_name' || key === 'caller_id_name' || key === 'callerName')
        this.state.callerName = value;
      else if (key === 'effective_caller_id_number' || key === 'caller_id_number' || key === 'callerNumber')
        this.state.callerNumber = value;
      else this.state.variables[key] = value;
    }
  }

  /**
   * The ring timeout (seconds) in a bridge's or an endpoint's `parameters`, FreeSWITCH channel
   * variables as Webitel passes them: `["leg_timeout=20"]` or `{"leg_timeout": 20}`; `call_timeout`
   * is read too. Undefined when there is none.
   */
  private ringTimeout(parameters: unknown, where: string): number | undefined {
    if (parameters === undefined || parameters === null) return undefined;
    const pairs: [string, unknown][] = [];
    if (Array.isArray(parameters)) {
      for (const p of parameters) {
        if (typeof p !== 'string') throw new FlowError(`${where}: each parameter must be name=value text`, 'bridge');
        const at = p.indexOf('=');
        if (at > 0) pairs.push([p.slice(0, at).trim(), p.slice(at + 1)]);
      }
    } else if (typeof parameters === 'object') pairs.push(...Object.entries(parameters));
    else throw new FlowError(`${where}: parameters must be a list of name=value`, 'bridge');
    const found = pairs.find(([k]) => k === 'leg_timeout') ?? pairs.find(([k]) => k === 'call_timeout');
    if (!found) return undefined;
    const text = this.expand(found[1]).trim();
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < RING_TIMEOUT_MIN || value > RING_TIMEOUT_MAX)
      throw new FlowError(
        `${where}: ${found[0]} must be whole seconds from ${RING_TIMEOUT_MIN} to ${RING_TIMEOUT_MAX}`,
        'bridge',
      );
    return value;
  }

  private async bridge(b: Record<string, unknown>, where: string): Promise<StepOutcome> {
    const strategy =
      b.strategy === undefined || b.strategy === 'multiple'
        ? 'multiple'
        : b.strategy === 'failover'
          ? 'failover'
          : null;
    if (!strategy) throw new FlowError(`${where}: strategy must be multiple or failover`, 'bridge');
    if (!Array.isArray(b.endpoints) || !b.endpoints.length) throw new FlowError(`${where}: needs endpoints`, 'bridge');
    const bridgeTimeout = this.ringTimeout(b.parameters, where);
    const targets: Target[] = [];
    const skipped: string[] = [];
    let timeout: number | undefined;
    const add = (target: Target) => {
      const t = timeout === undefined ? target : { ...target, timeout };
      const same = targets.some((x) =>
        x.type === 'device' && t.type === 'device'
          ? x.deviceId === t.deviceId
          : x.type === 'gateway' && t.type === 'gateway' && x.uri === t.uri,
      );
      if (!same) targets.push(t);
    };
    for (const raw of b.endpoints.slice(0, 50)) {
      if (!raw || typeof raw !== 'object') throw new FlowError(`${where}: an endpoint is not an object`, 'bridge');
      const e = raw as Record<string, unknown>;
      const ref: EndpointRef = {
        id: typeof e.id === 'number' ? e.id : typeof e.id === 'string' && /^\d+$/.test(e.id) ? Number(e.id) : undefined,
        name: typeof e.name === 'string' ? this.expand(e.name) : undefined,
        account: typeof e.account === 'string' ? this.expand(e.account) : undefined,
        extension: typeof e.extension === 'string' ? this.expand(e.extension) : undefined,
      };
      const label = ref.name ?? ref.account ?? ref.extension ?? (ref.id !== undefined ? `#${ref.id}` : '?');
      timeout = this.ringTimeout(e.parameters, `${where}.endpoint ${label}`) ?? bridgeTimeout;
      if (e.type === 'sipGateway' || e.type === 'gateway') {
        if (this.state.fromGateway) {
          skipped.push(`gateway ${label}: a call from a gateway is not sent out again`);
          continue;
        }
        const g = await this.data.gateway(ref);
        if (!g) skipped.push(`gateway ${label}: not found`);
        else if (!g.enable) skipped.push(`gateway ${g.name}: disabled`);
        else {
          const dial = e.dialString === undefined ? this.state.destination : this.expand(e.dialString);
          const uri = gatewayUri(g, dial);
          if (!DIALLABLE.test(dial))
            skipped.push(`gateway ${g.name}: dial string "${dial.slice(0, 70)}" is not a number`);
          else if (!uri) skipped.push(`gateway ${g.name}: no host`);
          else add({ type: 'gateway', gatewayId: g.id, name: g.name, uri });
        }
      } else if (e.type === 'device') {
        const d = await this.data.device(ref);
        if (!d) skipped.push(`device ${label}: not found`);
        else if (d.userActive === false) skipped.push(`device ${d.name}: its user is disabled`);
        else add({ type: 'device', deviceId: d.id, account: d.account });
      } else if (e.type === 'user') {
        const u = await this.data.user(ref);
        if (!u) skipped.push(`user ${label}: not found`);
        else if (!u.active) skipped.push(`user ${u.name}: disabled`);
        else if (u.dnd) skipped.push(`user ${u.name}: do not disturb`);
        else if (!u.devices.length) skipped.push(`user ${u.name}: no device`);
        else for (const d of u.devices) add({ type: 'device', deviceId: d.id, account: d.account });
      } else throw new FlowError(`${where}: unknown endpoint type "${String(e.type)}"`, 'bridge');
    }
    if (targets.length) return { kind: 'route', strategy, targets };
    // As a bridge that fails: the flow goes on with its next step.
    this.lastFailure = {
      kind: 'reject',
      code: 480,
      reason: `No endpoint available (${skipped.join('; ')})`.slice(0, 300),
      step: 'bridge',
    };
    return null;
  }
}

/**
 * The Request-URI towards a gateway: a trunking gateway's host, with the port of its ACL row for
 * that address when the row has one; a register gateway's proxy (or the host of its account), with
 * the account's port when the account names that host.
 */
export function gatewayUri(g: GatewayData, dial: string): string | null {
  let host: string;
  let port: number | null = null;
  if (g.register) {
    const m = /^(?:sips?:)?[^@]*@([^:;]+)(?::(\d{1,5}))?/.exec(g.account.trim());
    host = g.proxy || m?.[1] || '';
    if (m && m[1] === host && m[2]) port = Number(m[2]);
  } else {
    host = g.host || g.proxy;
    port = g.ipacl.find((row) => row.ip === host && row.port)?.port ?? null;
  }
  if (!host) return null;
  return `sip:${dial}@${host}${port ? `:${port}` : ''}`;
}
