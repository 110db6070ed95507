import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@fa-clube/contract';
import {
  COUNTER_FROM,
  addToPages,
  composerState,
  dayLabel,
  enterAction,
  groupByDay,
  listTime,
  mergeMessages,
  oneLine,
  threadMessages,
} from './messages';
import type { ThreadItem } from './messages';
import { stillPending } from './outbox';
import type { OutboxItem } from './outbox';

const TZ = 'America/Sao_Paulo';
const CHAT = '0c0c0c0c-0000-4000-8000-000000000001';
const FAN = '0b0b0b0b-0000-4000-8000-000000000001';
const CREATOR = '0b0b0b0b-0000-4000-8000-000000000002';

/** A message with a UUIDv7-like id that sorts by `n`. */
function msg(n: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    chat_id: CHAT,
    sender: { id: FAN, username: 'bruno', full_name: 'Bruno Lima', side: 'fan' },
    text: `mensagem ${n}`,
    created_at: new Date(Date.UTC(2026, 4, 12, 15, n)).toISOString(),
    ...over,
  };
}

const item = (id: string, createdAt: string, senderId: string | null = FAN): ThreadItem => ({
  id,
  text: id,
  createdAt,
  sender: senderId ? { id: senderId, username: null, full_name: senderId, side: 'fan' } : null,
});

describe('merging messages from the pages, the stream and the post answers', () => {
  it('keeps each id once, newest first, whatever the order they come in', () => {
    const merged = mergeMessages([msg(5), msg(3)], [msg(4), msg(5), msg(6), msg(3)]);
    expect(merged.map((m) => m.text)).toEqual([
      'mensagem 6',
      'mensagem 5',
      'mensagem 4',
      'mensagem 3',
    ]);
  });

  it('returns the same array when nothing is new (the cache keeps its identity)', () => {
    const pages = [msg(2), msg(1)];
    expect(mergeMessages(pages, [msg(1)])).toBe(pages);
    expect(mergeMessages(pages, [])).toBe(pages);
  });

  it('adds a live message to the first page once, even when an older page already holds it', () => {
    const pages = [
      { messages: [msg(9), msg(8)], complete: false },
      { messages: [msg(7), msg(6)], complete: true },
    ];
    const added = addToPages(pages, msg(10));
    expect(added[0]!.messages.map((m) => m.text)).toEqual([
      'mensagem 10',
      'mensagem 9',
      'mensagem 8',
    ]);
    expect(added[0]!.complete).toBe(false);
    expect(added[1]).toBe(pages[1]);
    // the stream and the post answer both bring it: no double
    expect(addToPages(added, msg(10))).toBe(added);
    expect(addToPages(added, msg(7))).toBe(added);
  });

  it('reads the pages as one thread, oldest first, without doubles across pages', () => {
    const pages = [
      { messages: [msg(4), msg(3)], complete: false },
      // a page fetched after a new message pushed one over the boundary
      { messages: [msg(3), msg(2), msg(1)], complete: true },
    ];
    expect(threadMessages(pages).map((m) => m.text)).toEqual([
      'mensagem 1',
      'mensagem 2',
      'mensagem 3',
      'mensagem 4',
    ]);
  });
});

describe('outbox and thread together', () => {
  const out = (id: string, over: Partial<OutboxItem> = {}): OutboxItem => ({
    id,
    chatId: CHAT,
    text: 'oi',
    after: msg(1).id,
    createdAt: new Date().toISOString(),
    status: 'sending',
    ...over,
  });

  it('hides a message still sending once its echo from the stream is in the thread', () => {
    const echo = msg(2, { text: 'oi' });
    expect(stillPending([out('a')], [msg(1)], FAN)).toHaveLength(1);
    expect(stillPending([out('a')], [msg(1), echo], FAN)).toHaveLength(0);
  });

  it('does not take an older message with the same text, nor another person’s, for the echo', () => {
    const older = msg(1, { text: 'oi' });
    const theirs = msg(3, {
      text: 'oi',
      sender: { id: CREATOR, username: 'carla', full_name: 'Carla', side: 'creator' },
    });
    expect(stillPending([out('a', { after: older.id })], [older, theirs], FAN)).toHaveLength(1);
  });

  it('matches two equal messages to two echoes, one each, and keeps a sent one until its message is in', () => {
    const sent = out('a', { status: 'sent', messageId: msg(2).id });
    const sending = out('b');
    // only the first is in: it is the sent one's, not the echo of the second
    expect(stillPending([sent, sending], [msg(2, { text: 'oi' })], FAN)).toEqual([sending]);
    expect(stillPending([sent], [msg(1)], FAN)).toEqual([sent]);
  });

  it('always shows a failed one', () => {
    const failed = out('a', { status: 'failed', error: 'x' });
    expect(stillPending([failed], [msg(2, { text: 'oi' })], FAN)).toEqual([failed]);
  });
});

describe('days and runs', () => {
  const now = new Date('2026-05-12T18:00:00-03:00');

  it('labels days in pt-BR: Hoje, Ontem, the date, the year when it is another', () => {
    expect(dayLabel(new Date('2026-05-12T00:10:00-03:00'), now, TZ)).toBe('Hoje');
    expect(dayLabel(new Date('2026-05-11T23:59:00-03:00'), now, TZ)).toBe('Ontem');
    expect(dayLabel(new Date('2026-05-03T10:00:00-03:00'), now, TZ)).toBe('3 de maio');
    expect(dayLabel(new Date('2025-12-25T10:00:00-03:00'), now, TZ)).toBe('25 de dezembro de 2025');
  });

  it('groups by the local day, not the UTC one', () => {
    // 23:30 in São Paulo is already the next day in UTC
    const groups = groupByDay(
      [
        item('a', '2026-05-11T23:30:00-03:00'),
        item('b', '2026-05-12T00:30:00-03:00'),
        item('c', '2026-05-12T09:00:00-03:00'),
      ],
      now,
      TZ,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.item.id)])).toEqual([
      ['Ontem', ['a']],
      ['Hoje', ['b', 'c']],
    ]);
  });

  it('starts a run at each new sender, after 5 minutes of silence and at each new day', () => {
    const [day] = groupByDay(
      [
        item('a', '2026-05-12T10:00:00-03:00', FAN),
        item('b', '2026-05-12T10:01:00-03:00', FAN),
        item('c', '2026-05-12T10:02:00-03:00', CREATOR),
        item('d', '2026-05-12T10:08:00-03:00', CREATOR),
        item('e', '2026-05-12T10:09:00-03:00', null),
        item('f', '2026-05-12T10:09:30-03:00', null),
      ],
      now,
      TZ,
    );
    expect(day!.items.map((i) => [i.item.id, i.startsRun])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
      ['d', true],
      ['e', true],
      ['f', false],
    ]);
  });

  it('gives the list short times: agora, minutes, the hour today, ontem, the weekday, the date', () => {
    const at = (iso: string) => listTime(iso, now, TZ);
    expect(at('2026-05-12T17:59:30-03:00')).toBe('agora');
    expect(at('2026-05-12T17:35:00-03:00')).toBe('há 25 min');
    expect(at('2026-05-12T09:05:00-03:00')).toBe('09:05');
    expect(at('2026-05-11T20:00:00-03:00')).toBe('ontem');
    expect(at('2026-05-08T20:00:00-03:00')).toBe('sex.');
    expect(at('2026-04-02T20:00:00-03:00')).toBe('02/04');
    expect(at('2025-04-02T20:00:00-03:00')).toBe('02/04/2025');
  });

  it('shows a message on one line in the list', () => {
    expect(oneLine('  Oi!\n\nTudo bem?\t Até  ')).toBe('Oi! Tudo bem? Até');
  });
});

describe('composer rules', () => {
  it('sends 1 to 2000 characters after trimming, nothing blank', () => {
    expect(composerState('').canSend).toBe(false);
    expect(composerState('   \n  ').canSend).toBe(false);
    expect(composerState(' oi ').canSend).toBe(true);
    expect(composerState(' oi ').length).toBe(2);
    expect(composerState('a'.repeat(2000)).canSend).toBe(true);
    expect(composerState(`${'a'.repeat(2000)}  \n`).canSend).toBe(true);
    const over = composerState('a'.repeat(2001));
    expect(over).toMatchObject({ canSend: false, tooLong: true, showCounter: true });
    expect(composerState('oi\u0000').canSend).toBe(false);
  });

  it('shows the counter near the limit only', () => {
    expect(COUNTER_FROM).toBe(1800);
    expect(composerState('a'.repeat(1799)).showCounter).toBe(false);
    expect(composerState('a'.repeat(1800)).showCounter).toBe(true);
  });

  it('sends on Enter, breaks the line on Shift+Enter, on a touch keyboard and never mid-IME', () => {
    expect(enterAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(enterAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(enterAction({ key: 'Enter', shiftKey: false }, true)).toBe('newline');
    expect(enterAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBeNull();
    expect(enterAction({ key: 'a', shiftKey: false })).toBeNull();
  });
});
