import { useState } from 'react';

/**
 * A check an editor asks the server to run ("Test connection"): busy while it runs, its last
 * answer (cleared as the next run starts). A failure is shown by the shared error notification.
 */
export function useTestRun<Result>(send: () => Promise<Result>) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const run = async () => {
    setRunning(true);
    setResult(null);
    try {
      setResult(await send());
    } catch {
      // api.ts has told the user why (a field the server refuses, say).
    } finally {
      setRunning(false);
    }
  };
  return { running, result, run };
}
