export type FlowRunnerCall = {
  domain: string;
  flow: { id: number; name: string; type: string; schema: unknown };
  variables: Record<string, string>;
  origin: { kind: string; id: number; runId: string };
  receivedAt: number;
};
export type FlowRunnerAnswer = { status?: number; body?: unknown; delayMs?: number };
export type FlowRunnerStandin = {
  /** The address to set as FLOW_RUNNER_URL. */
  url: string;
  /** Every accepted hand-over, in order. */
  calls: FlowRunnerCall[];
  /** Decides each answer; replace it in a test. */
  respond: (request: FlowRunnerCall) => FlowRunnerAnswer | Promise<FlowRunnerAnswer>;
  close(): Promise<void>;
};
export function startFlowRunnerStandin(options?: {
  secret?: string | null;
  port?: number;
  host?: string;
}): Promise<FlowRunnerStandin>;
