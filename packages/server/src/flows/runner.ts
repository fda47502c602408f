import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Hand-over of a flow run to the telephony side's flow runner (README, "The flow runner").
 *
 * Routing flows run there, not in this server. Work that must run a flow (a trigger's run, a
 * fetched email) posts one JSON body to FLOW_RUNNER_URL, signed with FLOW_RUNNER_SECRET:
 *
 *   POST {domain, flow: {id, name, type, schema}, variables, origin: {kind, id, runId}}
 *   X-Switchboard-Timestamp: <unix seconds>
 *   X-Switchboard-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">
 *
 * A 2xx answer means the flow ran (its JSON body, if any, is the result); anything else, no
 * answer within the timeout, or no runner configured, is an error with a message meant for the
 * administrator.
 */

export type FlowRunRequest = {
  /** The domain's name. */
  domain: string;
  flow: { id: number; name: string; type: string; schema: unknown };
  variables: Record<string, string>;
  /** What started the run: `trigger` or `email`, the record's id, and the run's own id. */
  origin: { kind: string; id: number; runId: string };
};

export type FlowRunOutcome = { ok: true; result: unknown } | { ok: false; error: string };

export type FlowRunnerConfig = { flowRunnerUrl: string | null; flowRunnerSecret: string | null };

export const NO_FLOW_RUNNER = 'No flow runner is configured';

export const SIGNATURE_HEADER = 'x-switchboard-signature';
export const TIMESTAMP_HEADER = 'x-switchboard-timestamp';

/** The signature header's value for a body sent at `timestamp` (unix seconds). */
export function flowRunnerSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Whether a received hand-over carries a valid signature (for runners and their stand-ins). */
export function verifyFlowRunnerSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string,
): boolean {
  if (!timestamp || !signature) return false;
  const expected = Buffer.from(flowRunnerSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The error text of a refused hand-over: the answer's `error` or `message`, or its status. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  let detail = text.trim().slice(0, 500);
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const said = body.error ?? body.message;
    if (typeof said === 'string' && said) detail = said;
  } catch {
    // Not JSON: the text itself.
  }
  return `The flow runner answered ${res.status}${detail ? `: ${detail}` : ''}`;
}

/**
 * Hands a run over and waits up to `timeoutMs` for the runner's answer. Never throws: every
 * failure comes back as `{ok: false, error}`.
 */
export async function runFlow(
  config: FlowRunnerConfig,
  request: FlowRunRequest,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<FlowRunOutcome> {
  if (!config.flowRunnerUrl) return { ok: false, error: NO_FLOW_RUNNER };
  const body = JSON.stringify(request);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json', [TIMESTAMP_HEADER]: timestamp };
  if (config.flowRunnerSecret)
    headers[SIGNATURE_HEADER] = flowRunnerSignature(config.flowRunnerSecret, timestamp, body);
  const timeout = AbortSignal.timeout(Math.max(1, options.timeoutMs));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const res = await fetch(config.flowRunnerUrl, { method: 'POST', headers, body, signal });
    if (!res.ok) return { ok: false, error: await refusal(res) };
    const text = await res.text();
    let result: unknown = null;
    if (text.trim()) {
      try {
        result = JSON.parse(text);
      } catch {
        result = text;
      }
    }
    return { ok: true, result };
  } catch (err) {
    if (timeout.aborted) {
      return { ok: false, error: `The flow runner did not answer within ${formatSeconds(options.timeoutMs)}` };
    }
    if (options.signal?.aborted) return { ok: false, error: 'The run was stopped' };
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, error: `The flow runner cannot be reached: ${cause?.code ?? cause?.message ?? String(err)}` };
  }
}

const formatSeconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
