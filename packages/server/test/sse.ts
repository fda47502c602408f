/** One server-sent event as read off the wire. */
export type SseEvent = { event: string; data: unknown };

export type SseClient = {
  status: number;
  /** Comment lines seen so far (`: connected`, heartbeats). */
  comments: string[];
  /** Waits for the first event (already received or coming) that matches. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Every event received so far. */
  events: SseEvent[];
  /** Settles when the server ends the stream (or close() aborts it). */
  ended: Promise<void>;
  close(): void;
};

/** Opens GET /api/events over HTTP with the token in the URL, as a browser's EventSource does. */
export async function openEvents(baseUrl: string, token: string, topics: string): Promise<SseClient> {
  const controller = new AbortController();
  const qs = new URLSearchParams({ topics, access_token: token });
  const res = await fetch(`${baseUrl}/api/events?${qs}`, { signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (res.status === 200 && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (!data) continue;
            const e = { event, data: JSON.parse(data) as unknown };
            events.push(e);
            for (const w of [...waiters]) {
              if (w.match(e)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(e);
              }
            }
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    status: res.status,
    comments,
    events,
    ended,
    next(match, timeoutMs = 60_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching server-sent event arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}
