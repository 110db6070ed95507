import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's module boundaries are an ESLint rule (eslint.config.js,
 * docs/decisions/021-api-modules.md): this runs the project's real ESLint
 * configuration on deliberate violations placed, by file path, inside the tree.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => ({ line: m.line, message: m.message }));
}

describe('API module boundaries', { timeout: 60_000 }, () => {
  it("refuses a repo importing another module's repo or another domain's schema", async () => {
    const errors = await restrictedImports(
      'apps/api/src/modules/content/fixture.repo.ts',
      [
        "import { findUserById } from '../auth/users.repo';",
        "import { users } from '../../db/schema/users';",
        "import { contents } from '../../db/schema';",
        'export const all = [findUserById, users, contents];',
        '',
      ].join('\n'),
    );
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(errors[0]!.message).toContain('only through its <m>.service.ts');
    expect(errors[1]!.message).toContain('db/schema/content.ts');
  });

  it("allows the module's own schema and another module's service", async () => {
    expect(
      await restrictedImports(
        'apps/api/src/modules/content/fixture.repo.ts',
        [
          "import { contents } from '../../db/schema/content';",
          "import { verifyWorkspaceFile } from '../files/files.service';",
          "import { listFeed } from '../../read-models/feed';",
          'export const all = [contents, verifyWorkspaceFile, listFeed];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('keeps read models below the modules and lib free of schema', async () => {
    expect(
      await restrictedImports(
        'apps/api/src/read-models/fixture.ts',
        "import { listPlans } from '../modules/subscriptions/plans.service';\nexport const x = listPlans;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'apps/api/src/lib/fixture.ts',
        "import { users } from '../db/schema/users';\nexport const x = users;\n",
      ),
    ).toHaveLength(1);
  });
});
