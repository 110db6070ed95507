import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table has one module that writes it (docs/architecture.md, issue 31): every Drizzle
 * insert/update/delete and every raw INSERT/UPDATE/DELETE in the API's source is found, and no
 * table has writers in two places (a module, src/lib/<folder> or src/read-models).
 */
const src = path.resolve(import.meta.dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.ts$/.test(e.name) && !/\.(test|testkit)\.ts$/.test(e.name) ? [full] : [];
  });
}

/** The tables of db/schema: the exported constant's name → the SQL name. */
function tables() {
  const byConst = new Map<string, string>();
  for (const file of files(path.join(src, 'db/schema'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([a-z0-9_]+)'/g)) {
      byConst.set(m[1]!, m[2]!);
    }
  }
  return byConst;
}

/** Where a file writes from: `modules/<m>`, `lib/<folder>`, `read-models`, or the file itself. */
function place(file: string) {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'modules' || rel[0] === 'lib')
    return rel.length > 2 ? `${rel[0]}/${rel[1]}` : rel.join('/');
  if (rel[0] === 'read-models') return 'read-models';
  return rel.join('/');
}

/** Every table → the places whose code writes it. */
function writers() {
  const byConst = tables();
  const sqlNames = new Set(byConst.values());
  const found = new Map<string, Set<string>>();
  const add = (table: string, where: string) => {
    if (!found.has(table)) found.set(table, new Set());
    found.get(table)!.add(where);
  };
  for (const file of files(src)) {
    if (file.includes(`${path.sep}db${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    const where = place(file);
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = byConst.get(m[1]!);
      if (table) add(table, where);
    }
    for (const m of text.matchAll(
      /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z0-9_]+)"?/gi,
    )) {
      const table = m[1]!.toLowerCase();
      if (sqlNames.has(table)) add(table, where);
    }
  }
  return found;
}

describe('one module writes each table', () => {
  it('finds the writes (the scan is not blind)', () => {
    const found = writers();
    expect(found.get('users')).toEqual(new Set(['modules/auth']));
    expect(found.get('charges')?.size).toBe(1);
    expect(found.size).toBeGreaterThan(40);
  });

  it('no table is written from two places', () => {
    const shared = [...writers()]
      .filter(([, where]) => where.size > 1)
      .map(([table, where]) => `${table}: ${[...where].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
