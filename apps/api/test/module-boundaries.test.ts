import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkApiBoundaries } from '../scripts/api-boundaries';

/**
 * The API's module boundaries (scripts/api-boundaries.ts, a `npm test` step) on small trees of
 * the same shape as apps/api/src, written for each case: what must fail fails, from any folder
 * depth and through a dynamic import() too.
 */
let base: string | undefined;
afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
  base = undefined;
});

/** A tree with two modules (auth owns db/schema/users.ts), plus the given files. */
async function check(files: Record<string, string>) {
  base = mkdtempSync(path.join(tmpdir(), 'fa-clube-boundaries-'));
  const tree: Record<string, string> = {
    'db/schema/users.ts': 'export const users = 1;\n',
    'db/schema/content.ts': 'export const contents = 2;\n',
    'modules/auth/users.repo.ts':
      "import { users } from '../../db/schema/users';\nexport const findUser = () => users;\n",
    'modules/auth/auth.service.ts':
      "import { findUser } from './users.repo';\nexport const getUser = findUser;\n",
    'modules/content/content.repo.ts':
      "import { contents } from '../../db/schema/content';\nexport const list = () => contents;\n",
    'modules/content/content.service.ts':
      "import { list } from './content.repo';\nexport const listContents = list;\n",
    ...files,
  };
  for (const [file, text] of Object.entries(tree)) {
    const full = path.join(base, 'src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return checkApiBoundaries('src', base);
}

const pairs = (r: Awaited<ReturnType<typeof check>>) =>
  r.violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`);

describe('API module boundaries', { timeout: 60_000 }, () => {
  it('allows another module through its service, the own schema and read models', async () => {
    const r = await check({
      'read-models/feed.ts':
        "import { contents } from '../db/schema/content';\nexport const feed = () => contents;\n",
      'modules/content/import/deep.ts': [
        "import { getUser } from '../../auth/auth.service';",
        "import { feed } from '../../../read-models/feed';",
        "import { contents } from '../../../db/schema/content';",
        'export const all = [getUser, feed, contents];',
        "export const later = () => import('../../auth/auth.service');",
        '',
      ].join('\n'),
    });
    expect(pairs(r)).toEqual([]);
    expect(r.cycles).toEqual([]);
  });

  it("lets a module's <m>.queries.ts read another domain's table, and no other file", async () => {
    const r = await check({
      'modules/content/content.queries.ts':
        "import { users } from '../../db/schema/users';\nexport const authors = () => users;\n",
      'modules/content/content.reads.ts':
        "import { users } from '../../db/schema/users';\nexport const authors = () => users;\n",
    });
    expect(pairs(r)).toEqual([
      'own-schema-only:content: src/modules/content/content.reads.ts -> src/db/schema/users.ts',
    ]);
  });

  it("refuses another module's repo imported from a nested folder", async () => {
    const r = await check({
      'modules/content/import/parse.ts':
        "import { findUser } from '../../auth/users.repo';\nexport const x = findUser;\n",
    });
    expect(pairs(r)).toEqual([
      'module-through-service: src/modules/content/import/parse.ts -> src/modules/auth/users.repo.ts',
    ]);
    expect(r.violations[0]!.message).toContain('only through its <m>.service.ts');
  });

  it("refuses another module's repo reached by a dynamic import()", async () => {
    const r = await check({
      'modules/content/lazy.ts':
        "export const load = async () => (await import('../auth/users.repo')).findUser();\n",
    });
    expect(pairs(r)).toEqual([
      'module-through-service: src/modules/content/lazy.ts -> src/modules/auth/users.repo.ts',
    ]);
  });

  it("refuses another domain's schema, a type-only import included", async () => {
    const r = await check({
      'modules/content/import/types.ts':
        "import type { users } from '../../../db/schema/users';\nexport type U = typeof users;\n",
    });
    expect(pairs(r)).toEqual([
      'own-schema-only:content: src/modules/content/import/types.ts -> src/db/schema/users.ts',
    ]);
    expect(r.violations[0]!.message).toContain('db/schema/content.ts');
  });

  it('keeps read models below the modules and lib free of schema', async () => {
    const r = await check({
      'read-models/bad.ts':
        "import { listContents } from '../modules/content/content.service';\nexport const x = listContents;\n",
      'lib/bad.ts': "import { users } from '../db/schema/users';\nexport const y = users;\n",
    });
    expect(pairs(r).sort()).toEqual([
      'lib-is-framework-free: src/lib/bad.ts -> src/db/schema/users.ts',
      'read-models-import-no-module: src/read-models/bad.ts -> src/modules/content/content.service.ts',
    ]);
  });

  it('finds a cycle between modules that no single file closes', async () => {
    const r = await check({
      'modules/auth/auth.service.ts':
        "import { listContents } from '../content/content.service';\nexport const getUser = listContents;\n",
      'modules/content/other.ts':
        "import { getUser } from '../auth/auth.service';\nexport const z = getUser;\n",
    });
    expect(pairs(r)).toEqual([]);
    expect(r.cycles).toEqual(['modules/auth -> modules/content -> modules/auth']);
  });
});
