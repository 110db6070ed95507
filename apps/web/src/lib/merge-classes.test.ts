import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './merge-classes';
import { cn } from './utils';

/** Every word of every string literal in the web client's source that looks like a class. */
function sourceClasses(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const words = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
      for (const word of literal[2]!.split(/\s+/))
        if (/^[-!a-z@*[][-!\w:[\]/.%()#&>*@=,'+]*[^-/]$/i.test(word)) words.add(word);
  }
  return [...words].sort();
}

describe('mergeClasses', () => {
  it('gives the answer of tailwind-merge for every pair of classes written in the source', () => {
    const words = sourceClasses();
    // the classes either of them knows (the others are kept by both, alone or in a pair)
    const classes = words.filter(
      (word) => twMerge(`${word} ${word}`) === word || mergeClasses(`${word} ${word}`) === word,
    );
    expect(classes.length).toBeGreaterThan(800);
    // Two classes can only conflict with the same variants (in any order) and `!`, in both
    // implementations: the pairs of one such bucket are all compared, the others keep both.
    const buckets = new Map<string, string[]>();
    for (const word of classes) {
      const parts = word.split(/:(?![^[(]*[\])])/);
      const base = parts.pop()!;
      const key = `${parts.sort().join(':')}${/^!|!$/.test(base) ? '!' : ''}`;
      buckets.set(key, [...(buckets.get(key) ?? []), word]);
    }
    const wrong: string[] = [];
    for (const bucket of buckets.values())
      for (const a of bucket)
        for (const b of bucket) {
          const pair = `${a} ${b}`;
          const expected = twMerge(pair);
          if (mergeClasses(pair) !== expected) wrong.push(`${pair} → ${expected}`);
        }
    expect(wrong.slice(0, 40)).toEqual([]);
  }, 60_000);

  it('keeps what it does not know and the order of what it keeps', () => {
    expect(mergeClasses(' animate-in  fade-in-0 foo foo ')).toBe('animate-in fade-in-0 foo foo');
    expect(cn('flex gap-2 p-4 px-6', 'gap-0 p-0')).toBe('flex gap-0 p-0');
    expect(cn('p-0', 'px-6')).toBe('p-0 px-6');
    expect(cn('text-sm leading-6', 'text-lg text-primary')).toBe('text-lg text-primary');
    expect(cn('hover:bg-muted focus:bg-muted', 'hover:bg-accent')).toBe(
      'focus:bg-muted hover:bg-accent',
    );
    expect(cn('md:hover:p-2', 'hover:md:p-4 [&_svg]:p-1', '[&_svg]:p-2')).toBe(
      'hover:md:p-4 [&_svg]:p-2',
    );
    expect(cn('border-2 border-primary', 'border-t-transparent border')).toBe(
      'border-primary border-t-transparent border',
    );
  });
});
