import { PassThrough } from 'node:stream';
import { CHARGE_EVENTS, CHAT_EVENTS } from '@fa-clube/contract';
import type { ChatMessage } from '@fa-clube/contract';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../lib/context';
import { openSessions } from '../../read-models/sessions';

/**
 * Live delivery (docs/decisions/040-chat.md): each process keeps its open event streams
 * (GET /events) by user; a message is published once, after its transaction, with the people
 * it goes to. With REDIS_URL it goes through one Redis pub/sub channel, so the streams of every
 * process get it (this process's too, from the same channel); without, straight to this
 * process's streams. A stream holds no database connection: the database is read when it opens
 * (the replay) and on each keep-alive tick (one statement for all streams: are their sessions
 * still open?).
 */

/**
 * A new message, or a conversation changed without one (a mute), or a workspace's Pix waiting for
 * confirmation changed (payments, issue 34): to the people it concerns.
 */
export type ChatEvent =
  | { recipients: string[]; message: ChatMessage }
  | { recipients: string[]; updated: { chat_id: string } }
  | { recipients: string[]; charges: { workspace_id: string } }
  | { recipients: string[]; paid: ChargePaidEvent };

/** One of the recipient's own charges was paid (issue 32): the client refetches what it shows. */
export interface ChargePaidEvent {
  charge_id: string;
  kind: string;
  item_id: string | null;
}

/** A stream whose client reads nothing is ended once this much waits to be written. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Streams per user and process; opening one more ends the oldest. */
const MAX_STREAMS_PER_USER = 10;

const frame = (event: string, id: string | null, data: unknown) =>
  `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** One open `text/event-stream` response. */
export class EventStream {
  readonly body = new PassThrough();
  /** Live messages held back while the replay is written (null once it is). */
  private held: ChatMessage[] | null = [];
  private replayed = new Set<string>();
  private ended = false;

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    /** When the access token that opened it expires (ms, business clock). */
    readonly expiresAt: number,
  ) {
    // EventSource waits this long before reconnecting
    this.write('retry: 2000\n\n');
  }

  get closed() {
    return this.ended || this.body.destroyed;
  }

  private write(chunk: string) {
    if (this.closed) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return;
    }
    this.body.write(chunk);
  }

  deliver(message: ChatMessage) {
    if (this.held) this.held.push(message);
    else this.write(frame(CHAT_EVENTS.message, message.id, message));
  }

  /** A conversation changed: the client refetches it (nothing to replay, so no id). */
  updated(chatId: string) {
    this.write(frame(CHAT_EVENTS.updated, null, { chat_id: chatId }));
  }

  /** The workspace's waiting Pix changed: the client refetches their count (no id). */
  chargesWaiting(workspaceId: string) {
    this.write(frame(CHARGE_EVENTS.waiting, null, { workspace_id: workspaceId }));
  }

  /** One of the user's charges was paid (nothing to replay, so no id). */
  chargePaid(paid: ChargePaidEvent) {
    this.write(frame(CHAT_EVENTS.chargePaid, null, paid));
  }

  /** Writes what the client missed (or tells it to refetch), then what arrived meanwhile. */
  startLive(missed: ChatMessage[] | 'resync') {
    if (missed === 'resync') this.write(frame(CHAT_EVENTS.resync, null, {}));
    else
      for (const m of missed) {
        this.replayed.add(m.id);
        this.write(frame(CHAT_EVENTS.message, m.id, m));
      }
    const held = this.held ?? [];
    this.held = null;
    for (const m of held) if (!this.replayed.has(m.id)) this.deliver(m);
    this.replayed.clear();
  }

  keepAlive() {
    this.write(': ping\n\n');
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
  }
}

export class ChatHub {
  private readonly byUser = new Map<string, Set<EventStream>>();
  private subscriber: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly channel: string;

  constructor(private readonly ctx: AppContext) {
    this.channel = `${ctx.config.redis?.keyPrefix ?? ''}chat:events`;
  }

  /** Subscribes to the channel (with REDIS_URL) and starts the keep-alive ticks. */
  async start() {
    if (this.ctx.redis && !this.subscriber) {
      // a connection of its own (a subscribed connection runs no other command); ioredis
      // reconnects and subscribes again by itself
      const sub = this.ctx.redis.duplicate({ maxRetriesPerRequest: null });
      this.subscriber = sub;
      sub.on('error', (err) => this.ctx.logger.warn({ err }, 'Redis (eventos do chat)'));
      sub.on('message', (_channel, payload: string) => {
        try {
          this.deliverHere(JSON.parse(payload) as ChatEvent);
        } catch (err) {
          this.ctx.logger.error({ err }, 'evento do chat ilegível');
        }
      });
      await sub.subscribe(this.channel).catch((err: unknown) => {
        this.ctx.logger.error({ err }, 'falha ao assinar os eventos do chat no Redis');
      });
    }
    this.timer ??= setInterval(
      () => void this.tick().catch((err: unknown) => this.ctx.logger.warn({ err }, 'eventos')),
      this.ctx.config.chat.keepAliveSeconds * 1000,
    ).unref();
  }

  /** Sends `event` to its recipients' streams on every process. */
  async publish(event: ChatEvent) {
    if (this.ctx.redis) {
      try {
        await this.ctx.redis.publish(this.channel, JSON.stringify(event));
        return;
      } catch (err) {
        // the message is stored: the other processes' clients get it when they reconnect
        this.ctx.logger.warn({ err }, 'falha ao publicar evento do chat no Redis');
      }
    }
    this.deliverHere(event);
  }

  private deliverHere(event: ChatEvent) {
    for (const userId of event.recipients)
      for (const stream of this.byUser.get(userId) ?? [])
        if ('message' in event) stream.deliver(event.message);
        else if ('updated' in event) stream.updated(event.updated.chat_id);
        else if ('paid' in event) stream.chargePaid(event.paid);
        else stream.chargesWaiting(event.charges.workspace_id);
  }

  add(stream: EventStream) {
    const set = this.byUser.get(stream.userId) ?? new Set();
    this.byUser.set(stream.userId, set);
    set.add(stream);
    this.ctx.metrics.eventStreams.inc();
    if (set.size > MAX_STREAMS_PER_USER) this.remove(set.values().next().value!);
  }

  remove(stream: EventStream) {
    stream.end();
    const set = this.byUser.get(stream.userId);
    if (set?.delete(stream)) this.ctx.metrics.eventStreams.dec();
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  private all() {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** How many streams this process holds. */
  get size() {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /**
   * The keep-alive tick: a comment on every stream, and the end of those whose access token
   * expired or whose session was ended (sign-out, password change, account deletion).
   */
  async tick() {
    const streams = this.all();
    if (streams.length === 0) return;
    const now = this.ctx.clock.now().getTime();
    const open = await openSessions(this.ctx.db, [...new Set(streams.map((s) => s.sessionId))]);
    for (const stream of streams) {
      if (stream.expiresAt <= now || !open.has(stream.sessionId)) this.remove(stream);
      else stream.keepAlive();
    }
  }

  /** Server shutdown: every stream ends (clients reconnect elsewhere), the subscription closes. */
  async close() {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const stream of this.all()) this.remove(stream);
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

const hubs = new WeakMap<AppContext, ChatHub>();

/** This process's hub for `ctx` (the events route starts and closes it). */
export function chatHub(ctx: AppContext): ChatHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new ChatHub(ctx);
    hubs.set(ctx, hub);
  }
  return hub;
}
