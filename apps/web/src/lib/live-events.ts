import { apiPath, chatPaths } from '@fa-clube/contract';
import { api, isSessionError, refreshAccessToken, tokenExpiry } from './api-client';
import { getToken } from './session';

/**
 * The signed-in user's live events (`GET /events`, Server-Sent Events; docs/decisions/040-chat.md
 * and 041-web-chat.md): one EventSource per tab, kept open by this client.
 *
 * - EventSource sends no headers: the client first asks `POST /events/ticket` with its bearer
 *   token and opens the stream with `?ticket=` (single use, seconds; never the access token in a
 *   URL), and a new stream resumes after the last event seen with `?last_event_id=` (the server
 *   replays what was missed).
 * - Any failure closes the stream and opens a new one after a backoff (0.5 s, 1 s, 2 s … 30 s,
 *   with jitter; at once when the browser comes back online). The backoff starts over once a
 *   stream has stayed open for a while, so a stream that opens and is cut at once does not loop.
 * - The stream ends when its access token expires: the next one is opened with a fresh token
 *   (the api client's refresh, shared with the requests). A stream refused while its token still
 *   looked valid (revoked, server restarted with other keys) also refreshes before the next try;
 *   when the refresh says the session is over, the client stops.
 * - `onReconnect` runs each time a stream opens after the first: what happened while there was
 *   none may be missing (a message committed out of order, more than the replay holds).
 */

export interface LiveEventsOptions {
  /** The named events to listen to (`event:` lines), e.g. CHAT_EVENTS' values. */
  events: readonly string[];
  /** Each event of those, with its `data` parsed as JSON. */
  onEvent: (event: string, data: unknown) => void;
  /** A stream opened again after a gap: refetch what is on screen. */
  onReconnect?: () => void;
  /** Injected by tests. */
  EventSource?: typeof EventSource;
  random?: () => number;
}

export interface LiveEvents {
  close(): void;
}

/**
 * POST /events/ticket with the session's bearer token (the api client's, refreshed as for any
 * request): a ticket that opens the stream once, within seconds.
 */
const fetchTicket = () =>
  api.post(apiPath(chatPaths.eventsTicket), undefined, { schema: 'EventsTicket' });

/** Backoff before the `attempt`-th reconnection (0-based), in ms, before jitter. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** attempt);
}

/** A stream open this long is healthy: the next failure starts the backoff over. */
export const HEALTHY_STREAM_MS = 10_000;
/** EventSource.CLOSED */
const CLOSED = 2;
/** Open with a fresh token when the stored one expires sooner than this. */
const TOKEN_MARGIN_MS = 15_000;

function expiresWithin(token: string, ms: number): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 - Date.now() <= ms;
}

export function openLiveEvents(options: LiveEventsOptions): LiveEvents {
  const Source = options.EventSource ?? globalThis.EventSource;
  // a browser without EventSource gets its messages on the next refetch
  if (typeof Source !== 'function') return { close() {} };
  const random = options.random ?? Math.random;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let lastEventId: string | null = null;
  let attempt = 0;
  let opened = false;
  let openedAt = 0;
  /** The token of a stream that was refused before it opened: refresh it before the next try. */
  let refusedToken: string | null = null;

  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (source) {
      source.close();
      source = null;
    }
  };

  const schedule = (delay: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const retry = () => {
    const delay = backoffMs(attempt) * (0.75 + random() * 0.5);
    attempt++;
    schedule(delay);
  };

  const freshToken = async (): Promise<string | null> => {
    const token = getToken();
    if (!token) return null;
    if (token !== refusedToken && !expiresWithin(token, TOKEN_MARGIN_MS)) return token;
    return refreshAccessToken(token);
  };

  const connect = async () => {
    if (closed) return;
    let token: string | null;
    try {
      token = await freshToken();
    } catch (error) {
      if (closed) return;
      // the session is over (the refresh was refused): the next request signs the user out
      if (isSessionError(error)) {
        closed = true;
        return;
      }
      retry();
      return;
    }
    if (closed) return;
    if (!token) {
      // signed out: whoever signs in next mounts a new client
      closed = true;
      return;
    }
    refusedToken = null;
    // EventSource sends no headers: a single-use ticket asked with the bearer token opens the
    // stream, so the access token never goes into a URL (decision 083)
    let ticket: string;
    try {
      ticket = (await fetchTicket()).ticket;
    } catch (error) {
      if (closed) return;
      // the session is over: the api client has signed the user out
      if (isSessionError(error)) {
        closed = true;
        return;
      }
      retry();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({ ticket });
    if (lastEventId) query.set('last_event_id', lastEventId);
    const es = new Source(`${apiPath(chatPaths.events)}?${query.toString()}`);
    source = es;
    let streamOpened = false;

    es.onopen = () => {
      streamOpened = true;
      openedAt = Date.now();
      if (opened) options.onReconnect?.();
      opened = true;
    };
    for (const event of options.events)
      es.addEventListener(event, (e) => {
        const message = e as MessageEvent<string>;
        if (message.lastEventId) lastEventId = message.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        options.onEvent(event, data);
      });
    es.onerror = () => {
      if (source !== es) return;
      // refused outright (an HTTP error: EventSource gives up, CLOSED), not a dropped connection
      // (CONNECTING, it would try again): perhaps the token
      if (!streamOpened && es.readyState === CLOSED) refusedToken = token;
      // EventSource would retry by itself, without a fresh token or a backoff: this client does
      es.close();
      source = null;
      if (streamOpened && Date.now() - openedAt >= HEALTHY_STREAM_MS) attempt = 0;
      retry();
    };
  };

  const online = () => {
    if (closed || source) return;
    attempt = 0;
    schedule(0);
  };
  window.addEventListener('online', online);

  void connect();

  return {
    close() {
      closed = true;
      window.removeEventListener('online', online);
      stop();
    },
  };
}
