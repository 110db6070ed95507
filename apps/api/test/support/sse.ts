import { get } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * A Server-Sent Events client for the tests and the chat benchmark: a response read as a
 * stream, split into events (event, id, data) and comment lines, as EventSource would.
 */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body of a refusal (JSON), read whole. */
  body: string;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ends the stream (or close() does). */
  ended: Promise<void>;
  /** Waits until `n` events have arrived (or fails after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

export async function openSse(
  url: string,
  opts: { token?: string; lastEventId?: string } = {},
): Promise<SseStream> {
  // node:http with a connection of its own (no pool): closing the stream closes its socket
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(
      url,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
        },
      },
      resolve,
    );
    req.once('error', reject);
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  res.setEncoding('utf8');
  let body = '';
  let ended: Promise<void>;
  if (res.statusCode !== 200) {
    for await (const chunk of res) body += chunk as string;
    ended = Promise.resolve();
  } else {
    ended = (async () => {
      let buffer = '';
      try {
        for await (const chunk of res) {
          buffer += chunk as string;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event: SseEvent = { event: 'message', id: null, data: '', at: performance.now() };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) {
                event.data += line.slice(6);
                isEvent = true;
              }
            }
            if (isEvent) events.push(event);
          }
          notify();
        }
      } catch {
        // closed by close()
      } finally {
        notify();
      }
    })();
  }
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    body,
    events,
    comments,
    ended,
    async waitFor(n, timeoutMs = 5000) {
      const deadline = performance.now() + timeoutMs;
      while (events.length < n) {
        if (done) throw new Error(`stream ended after ${events.length} of ${n} events`);
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`${events.length} of ${n} events within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
      return events.slice(0, n);
    },
    close() {
      res.destroy();
    },
  };
}
