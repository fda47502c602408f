import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FlowRunnerStandin, startFlowRunnerStandin } from '../../test/support/flow-runner-standin.mjs';
import {
  type FlowRunRequest,
  flowRunnerSignature,
  NO_FLOW_RUNNER,
  runFlow,
  verifyFlowRunnerSignature,
} from './runner.js';

const request: FlowRunRequest = {
  domain: 'main',
  flow: { id: 7, name: 'nightly', type: 'service', schema: [{ log: 'hi' }] },
  variables: { a: '1' },
  origin: { kind: 'trigger', id: 3, runId: '11' },
};

describe('flow runner hand-over', () => {
  let standin: FlowRunnerStandin;
  const secret = 'runner-secret';
  const config = () => ({ flowRunnerUrl: standin.url, flowRunnerSecret: secret });
  beforeAll(async () => {
    standin = await startFlowRunnerStandin({ secret });
  });
  afterAll(async () => standin?.close());

  it('ends in error without a runner', async () => {
    expect(await runFlow({ flowRunnerUrl: null, flowRunnerSecret: null }, request, { timeoutMs: 1000 })).toEqual({
      ok: false,
      error: NO_FLOW_RUNNER,
    });
  });

  it('posts the documented body, signed, and returns the answer as the result', async () => {
    standin.respond = () => ({ status: 200, body: { exitCode: 0 } });
    const outcome = await runFlow(config(), request, { timeoutMs: 5000 });
    expect(outcome).toEqual({ ok: true, result: { exitCode: 0 } });
    expect(standin.calls.at(-1)).toMatchObject(request);
  });

  it('is refused by a runner that knows another secret', async () => {
    const outcome = await runFlow({ ...config(), flowRunnerSecret: 'wrong' }, request, { timeoutMs: 5000 });
    expect(outcome).toEqual({ ok: false, error: 'The flow runner answered 401: bad signature' });
  });

  it("reports the runner's error, a timeout and an unreachable runner", async () => {
    standin.respond = () => ({ status: 500, body: { error: 'flow crashed' } });
    expect(await runFlow(config(), request, { timeoutMs: 5000 })).toEqual({
      ok: false,
      error: 'The flow runner answered 500: flow crashed',
    });
    standin.respond = () => ({ status: 200, body: {}, delayMs: 1500 });
    expect(await runFlow(config(), request, { timeoutMs: 200 })).toEqual({
      ok: false,
      error: 'The flow runner did not answer within 0.2 s',
    });
    const gone = await startFlowRunnerStandin();
    await gone.close();
    const down = await runFlow({ flowRunnerUrl: gone.url, flowRunnerSecret: null }, request, { timeoutMs: 2000 });
    expect(down).toEqual({ ok: false, error: 'The flow runner cannot be reached: ECONNREFUSED' });
  });

  it('verifies signatures over the timestamp and the exact body', () => {
    const body = JSON.stringify(request);
    const signature = flowRunnerSignature(secret, '1700000000', body);
    expect(verifyFlowRunnerSignature(secret, '1700000000', signature, body)).toBe(true);
    expect(verifyFlowRunnerSignature(secret, '1700000001', signature, body)).toBe(false);
    expect(verifyFlowRunnerSignature(secret, '1700000000', signature, `${body} `)).toBe(false);
    expect(verifyFlowRunnerSignature(secret, undefined, signature, body)).toBe(false);
  });
});
