import { CHAT_TEXT_MAX } from '@fa-clube/contract';
import type { ChatMessage } from '@fa-clube/contract';
import { t } from '../strings';

/**
 * The rules of a conversation on screen, without React: merging messages from every source (a
 * page, the live stream, the answer to a post) without doubles, days, runs, the composer.
 */

/** One page of a thread as cached: `complete` when nothing older exists. */
export interface MessagesPage {
  messages: ChatMessage[];
  complete: boolean;
}

/** Message ids are UUIDv7: their text order is their time order. */
const newerFirst = (a: ChatMessage, b: ChatMessage) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * `incoming` merged into `existing` (both newest first): each id once — the incoming copy wins —
 * newest first. Returns `existing` itself when nothing changes, so caches keep their identity.
 */
export function mergeMessages(existing: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing;
  const byId = new Map(existing.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    const had = byId.get(m.id);
    if (had && had.text === m.text && had.sender.full_name === m.sender.full_name) continue;
    byId.set(m.id, m);
    changed = true;
  }
  return changed ? [...byId.values()].sort(newerFirst) : existing;
}

/**
 * A message added to a thread's cached pages (newest page first): into the first page, unless
 * some page already holds it. The pages' `complete` flags stay as they were.
 */
export function addToPages(pages: MessagesPage[], message: ChatMessage): MessagesPage[] {
  if (pages.some((p) => p.messages.some((m) => m.id === message.id))) return pages;
  const [first, ...rest] = pages;
  if (!first) return [{ messages: [message], complete: true }];
  return [{ ...first, messages: mergeMessages(first.messages, [message]) }, ...rest];
}

/** Every message of the pages once, oldest first (the order they are read in). */
export function threadMessages(pages: MessagesPage[]): ChatMessage[] {
  const seen = new Set<string>();
  const all: ChatMessage[] = [];
  for (const page of pages)
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      all.push(m);
    }
  return all.sort(newerFirst).reverse();
}

/** Whether `a` is a later message than `b` (or `b` is none). */
export const isNewer = (a: ChatMessage, b: ChatMessage | null | undefined) => !b || a.id > b.id;

// ---------------------------------------------------------------------------------------------
// Days and runs

const dayKey = (date: Date, timeZone?: string) =>
  date.toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The header of a day: 'Hoje', 'Ontem', '12 de maio', '3 de dezembro de 2025'. */
export function dayLabel(date: Date, now: Date, timeZone?: string): string {
  const key = dayKey(date, timeZone);
  if (key === dayKey(now, timeZone)) return t.chat.today;
  if (key === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return t.chat.yesterday;
  const sameYear = key.slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return date.toLocaleDateString('pt-BR', {
    timeZone,
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** A message on screen: the sent ones and those still on their way (the outbox). */
export interface ThreadItem {
  id: string;
  text: string;
  /** A paid tip (no text): its value in reais and message. */
  tip?: { value: number; message: string | null } | null;
  /** A workspace message's image or video: open, or locked (kind only) until bought. */
  attachment?: ChatMessage['attachment'];
  /** A paid message: its price in reais, and whether the fan bought it. */
  price?: number | null;
  purchased?: boolean;
  createdAt: string;
  /** Who wrote it; null for the viewer's own pending messages. */
  sender: ChatMessage['sender'] | null;
}

export interface DayGroup<T extends ThreadItem> {
  key: string;
  label: string;
  /** Items of the day, oldest first, each with whether it starts a run of the same sender. */
  items: { item: T; startsRun: boolean }[];
}

/** Messages of one sender closer than this stay in one run (one name, tighter spacing). */
const RUN_GAP_MS = 5 * 60_000;

const senderOf = (item: ThreadItem) =>
  item.sender ? (item.sender.id ?? item.sender.full_name) : 'me';

/**
 * `items` (oldest first) grouped by the day they were written in the browser's time zone (or
 * `timeZone`), with pt-BR headers; within a day, a new run starts when the sender changes or
 * after 5 minutes of silence.
 */
export function groupByDay<T extends ThreadItem>(
  items: T[],
  now: Date,
  timeZone?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  let previous: T | null = null;
  for (const item of items) {
    const date = new Date(item.createdAt);
    const key = dayKey(date, timeZone);
    let group = groups.at(-1);
    if (!group || group.key !== key) {
      group = { key, label: dayLabel(date, now, timeZone), items: [] };
      groups.push(group);
      previous = null;
    }
    const startsRun =
      !previous ||
      senderOf(previous) !== senderOf(item) ||
      date.getTime() - new Date(previous.createdAt).getTime() > RUN_GAP_MS;
    group.items.push({ item, startsRun });
    previous = item;
  }
  return groups;
}

/** '14:05' */
export const clockTime = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleTimeString('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });

/** '12 de maio de 2026 às 14:05' (a time's title). */
export const fullDateTime = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone, dateStyle: 'long', timeStyle: 'short' });

/**
 * A conversation's time in the list, short as in messengers: 'agora', 'há 5 min', '14:05' today,
 * 'ontem', the weekday within a week, then '12/05' (and the year when it is another).
 */
export function listTime(iso: string, now: Date, timeZone?: string): string {
  const date = new Date(iso);
  const ms = now.getTime() - date.getTime();
  if (ms < 60_000) return t.chat.now;
  if (ms < 3_600_000) return t.chat.minutesAgo(Math.floor(ms / 60_000));
  const label = dayLabel(date, now, timeZone);
  if (label === t.chat.today) return clockTime(iso, timeZone);
  if (label === t.chat.yesterday) return t.chat.yesterdayShort;
  if (ms < 6 * 86_400_000) return date.toLocaleDateString('pt-BR', { timeZone, weekday: 'short' });
  const sameYear = dayKey(date, timeZone).slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return date.toLocaleDateString('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** A message's text on one line (the list's preview): runs of spaces and line breaks as one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------------------------------------
// The composer

/** The counter shows from this many characters on. */
export const COUNTER_FROM = CHAT_TEXT_MAX - 200;

export interface ComposerState {
  /** Characters typed (as the server counts them, after trimming). */
  length: number;
  /** Something to send, within the limit. */
  canSend: boolean;
  /** Over CHAT_TEXT_MAX: the counter turns red and sending waits. */
  tooLong: boolean;
  /** Near the limit: the counter shows. */
  showCounter: boolean;
}

/** What the composer allows for `text` (the server's rule: 1 to 2000 characters after trimming). */
export function composerState(text: string): ComposerState {
  const length = text.trim().length;
  const tooLong = length > CHAT_TEXT_MAX;
  return {
    length,
    canSend: length > 0 && !tooLong && !text.includes('\u0000'),
    tooLong,
    showCounter: length >= COUNTER_FROM,
  };
}

/**
 * What a key press in the composer does: Enter sends, Shift+Enter (and Enter on a touch
 * keyboard, which has no Shift+Enter) breaks the line; nothing while an IME composes a word.
 */
export function enterAction(
  event: { key: string; shiftKey: boolean; isComposing?: boolean },
  touch = false,
): 'send' | 'newline' | null {
  if (event.key !== 'Enter' || event.isComposing) return null;
  return event.shiftKey || touch ? 'newline' : 'send';
}
