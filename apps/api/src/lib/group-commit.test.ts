import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A write whose calls are recorded and finished by the test, one at a time. */
function controlledWrite(fail: (item: string) => boolean = () => false) {
  const batches: string[][] = [];
  const running: (() => void)[] = [];
  const write = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      running.push(() => (items.some(fail) ? reject(new Error('falhou')) : resolve()));
    });
  /** Finishes the oldest write still running. */
  const finish = async () => {
    await until(() => running.length > 0);
    running.shift()!();
  };
  return { write, batches, finish };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(condition()).toBe(true);
}

const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: Error) => e.message,
  );

describe('groupCommit', () => {
  it('writes a lone call at once, alone, however long it may linger under load', async () => {
    const w = controlledWrite();
    const add = groupCommit(w.write, { lingerMs: 60_000 });
    const a = add('a');
    expect(w.batches).toEqual([['a']]); // started before the call even returned
    await w.finish();
    await a;
    const b = add('b');
    expect(w.batches).toEqual([['a'], ['b']]);
    await w.finish();
    await b;
  });

  it('writes the calls that came while a write ran together, in the next write', async () => {
    const w = controlledWrite();
    const add = groupCommit(w.write);
    const calls = ['a', 'b', 'c', 'd'].map((item) => add(item));
    expect(w.batches).toEqual([['a']]);
    await w.finish();
    await w.finish();
    expect(await Promise.all(calls.map(settled))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(w.batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('under load lingers for more to join, and stops once a window passes with none', async () => {
    const w = controlledWrite();
    const add = groupCommit(w.write, { lingerMs: 30 });
    const first = [add('a'), add('b')];
    await w.finish(); // 'a' alone; 'b' came meanwhile: under load
    const late = add('c'); // within b's window: joins it
    await w.finish();
    await Promise.all([...first, late]);
    expect(w.batches).toEqual([['a'], ['b', 'c']]);
    const next = add('d'); // the last write took two: lingers again, no one joins
    await w.finish();
    await next;
    const alone = add('e'); // that window passed with none: written at once
    expect(w.batches.at(-1)).toEqual(['e']);
    await w.finish();
    await alone;
    expect(w.batches).toEqual([['a'], ['b', 'c'], ['d'], ['e']]);
  });

  it('takes at most maxBatch calls per write', async () => {
    const w = controlledWrite();
    const add = groupCommit(w.write, { maxBatch: 2 });
    const calls = ['a', 'b', 'c', 'd'].map((item) => add(item));
    for (let i = 0; i < 3; i++) await w.finish();
    await Promise.all(calls);
    expect(w.batches).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('when a batch fails, writes each of its items alone: only the bad one fails', async () => {
    const w = controlledWrite((item) => item === 'bad');
    const add = groupCommit(w.write);
    const calls = ['a', 'b', 'bad', 'c'].map((item) => add(item));
    for (let i = 0; i < 5; i++) await w.finish();
    expect(await Promise.all(calls.map(settled))).toEqual(['ok', 'ok', 'falhou', 'ok']);
    expect(w.batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
    // and the queue keeps working after a failure
    const after = add('d');
    await w.finish();
    await expect(after).resolves.toBeUndefined();
  });
});
