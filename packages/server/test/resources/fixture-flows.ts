import type { TestServer } from '../harness.js';
import { unique } from './helpers.js';

/**
 * The flows the suite's records run (a rule's, a gateway's, a profile's, a trigger's): made by the
 * fixtures' prepare steps, read when a body is sent.
 */
export const suiteFlows = { voice: 0, chat: 0, service: 0 };

/** A flow of the given type in the token's domain, for rules that run one. */
export async function makeFlow(s: TestServer, token: string, type: string): Promise<number> {
  const res = await s.request('POST', '/api/routing/schema', {
    token,
    body: { name: unique(`fixture ${type} `), type, schema: [{ answer: {} }] },
  });
  if (res.status !== 201) throw new Error(`flow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The suite's chat flow as a body's `flow`, read when the body is sent (after prepare made it). */
export const withChatFlow = (body: Record<string, unknown>) =>
  Object.defineProperty(body, 'flow', { enumerable: true, get: () => ({ id: suiteFlows.chat }) });
