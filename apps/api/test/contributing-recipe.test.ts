import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkApiBoundaries } from '../scripts/api-boundaries';

/**
 * CONTRIBUTING.md's "Add a domain" builds a `notes` domain. This test builds exactly what the page
 * shows, in a copy of the tree: every ```ts block whose first line is `// <path>` is written to
 * that path, every ```diff block is applied to its shared file (its context lines must be found
 * there as written), then the API is type-checked with the notes domain in it, the page's
 * `npm run db:generate -- --name notes` makes the migration, the module boundaries are checked and
 * the page's notes test runs (on PGlite, or on PostgreSQL with TEST_DATABASE_URL). So the page
 * cannot drift from the codebase: a renamed helper, a moved schema or an edit that no longer
 * applies fails here.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = path.join(ROOT, 'CONTRIBUTING.md');

interface Edit {
  file: string;
  hunks: string[][];
}

/** The recipe's files (path → text) and shared-file edits, read from the page's code blocks. */
function readRecipe(markdown: string) {
  const files = new Map<string, string>();
  const edits: Edit[] = [];
  const commands: string[] = [];
  for (const [, lang, body] of markdown.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)) {
    const lines = body!.replace(/\n$/, '').split('\n');
    const named = /^\/\/ ((?:apps|packages)\/[\w./-]+\.tsx?)$/.exec(lines[0]!);
    if ((lang === 'ts' || lang === 'tsx') && named) files.set(named[1]!, `${body}`);
    if (lang === 'bash') commands.push(...lines);
    if (lang !== 'diff') continue;
    const header = /^--- ((?:apps|packages)\/\S+)$/.exec(lines[0]!);
    if (!header || lines[1] !== `+++ ${header[1]}`)
      throw new Error(`a diff block must start with '--- <path>' and '+++ <path>': ${lines[0]}`);
    const hunks: string[][] = [];
    for (const line of lines.slice(2)) {
      if (line.startsWith('@@')) hunks.push([]);
      else if (!hunks.length) throw new Error(`${header[1]}: a hunk starts with '@@'`);
      else hunks.at(-1)!.push(line);
    }
    edits.push({ file: header[1]!, hunks });
  }
  return { files, edits, commands };
}

/**
 * Applies one hunk without line numbers: its context and removed lines must appear once, as whole
 * consecutive lines; they are replaced by its context and added lines.
 */
function applyHunk(text: string, hunk: string[], file = 'file'): string {
  const before = hunk.filter((l) => !l.startsWith('+')).map((l) => l.slice(1));
  const after = hunk.filter((l) => !l.startsWith('-')).map((l) => l.slice(1));
  if (!before.length) throw new Error(`${file}: a hunk needs a context line to say where it goes`);
  const lines = text.split('\n');
  const at: number[] = [];
  for (let i = 0; i + before.length <= lines.length; i++)
    if (before.every((l, j) => lines[i + j] === l)) at.push(i);
  if (at.length !== 1)
    throw new Error(
      `${file}: the recipe's context ${JSON.stringify(before)} is found ${at.length} times (must be once)`,
    );
  lines.splice(at[0]!, before.length, ...after);
  return lines.join('\n');
}

/** Runs a command in the copy, its output in a file (no pipe to fill while tsc holds the loop). */
function run(cmd: string, args: string[], cwd: string, log: string, env = process.env) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const fd = openSync(log, 'w');
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', fd, fd] });
    child.on('error', reject);
    child.on('close', (code) => {
      closeSync(fd);
      resolve({ code, output: readFileSync(log, 'utf8') });
    });
  });
}

/** A copy of what the API needs, with the repo's node_modules (but @fa-clube/* into the copy). */
function copyTree(base: string) {
  const copy = (rel: string) =>
    cpSync(path.join(ROOT, rel), path.join(base, rel), { recursive: true });
  for (const rel of [
    'package.json',
    'tsconfig.base.json',
    'packages/contract/package.json',
    'packages/contract/tsconfig.json',
    'packages/contract/src',
    'apps/api/package.json',
    'apps/api/tsconfig.json',
    'apps/api/drizzle.config.ts',
    'apps/api/src',
    'apps/api/test/support',
    'apps/web/src/app/routes.tsx',
  ])
    copy(rel);
  mkdirSync(path.join(base, 'node_modules/@fa-clube'), { recursive: true });
  for (const name of readdirSync(path.join(ROOT, 'node_modules')))
    if (name !== '@fa-clube')
      symlinkSync(path.join(ROOT, 'node_modules', name), path.join(base, 'node_modules', name));
  symlinkSync('../../packages/contract', path.join(base, 'node_modules/@fa-clube/contract'));
  if (existsSync(path.join(ROOT, 'apps/api/node_modules')))
    symlinkSync(path.join(ROOT, 'apps/api/node_modules'), path.join(base, 'apps/api/node_modules'));
  // the api project of the root config, for the copy alone
  writeFileSync(
    path.join(base, 'apps/api/vitest.config.ts'),
    "import { defineConfig } from 'vitest/config';\n" +
      'export default defineConfig({ test: { include: ["src/**/*.test.ts"], allowOnly: false, ' +
      'environment: "node", testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: 1 } });\n',
  );
}

const page = readFileSync(PAGE, 'utf8');
const recipe = readRecipe(page);
let base: string;
let later:
  | Promise<{
      migration: string;
      created: number;
      generate: string;
      test: { code: number | null; output: string };
    }>
  | undefined;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'fa-clube-recipe-'));
  copyTree(base);
  for (const [file, text] of recipe.files) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  }
  for (const { file, hunks } of recipe.edits) {
    const full = path.join(base, file);
    writeFileSync(
      full,
      hunks.reduce((text, h) => applyHunk(text, h, file), readFileSync(full, 'utf8')),
    );
  }
  // the migration, then the page's test, in child processes while this one type-checks
  const api = path.join(base, 'apps/api');
  const migrations = path.join(api, 'src/db/migrations');
  const existing = new Set(readdirSync(migrations));
  later = (async () => {
    // what the page's `npm run db:generate -- --name notes` runs, without npm's two processes
    const generate = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name', 'notes'],
      api,
      path.join(base, 'generate.log'),
    );
    const created = readdirSync(migrations).filter((f) => f.endsWith('.sql') && !existing.has(f));
    const migration = created
      .map((f) => `-- ${f}\n${readFileSync(path.join(migrations, f), 'utf8')}`)
      .join('\n');
    const test = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'src/modules/notes'],
      api,
      path.join(base, 'vitest.log'),
    );
    return { migration, created: created.length, generate: generate.output, test };
  })();
  later.catch(() => undefined); // awaited by the last test and afterAll
});

afterAll(async () => {
  await later?.catch(() => undefined);
  if (base) rmSync(base, { recursive: true, force: true });
});

describe("CONTRIBUTING.md's notes domain", { timeout: 120_000 }, () => {
  it('shows every file of the domain and an edit of each shared file it names', () => {
    expect([...recipe.files.keys()].sort()).toEqual([
      'apps/api/src/db/schema/notes.ts',
      'apps/api/src/modules/notes/notes.module.ts',
      'apps/api/src/modules/notes/notes.repo.ts',
      'apps/api/src/modules/notes/notes.routes.ts',
      'apps/api/src/modules/notes/notes.service.ts',
      'apps/api/src/modules/notes/notes.test.ts',
      'packages/contract/src/notes.ts',
    ]);
    expect(recipe.edits.map((e) => e.file).sort()).toEqual([
      'apps/api/src/db/schema/index.ts',
      'apps/api/src/modules/index.ts',
      'apps/web/src/app/routes.tsx',
      'packages/contract/src/index.ts',
    ]);
    expect(recipe.commands).toContain(
      'npm run db:generate -- --name notes   # read the generated SQL, commit it; never edit it',
    );
  });

  it('applies a shared edit only where its context is found once', () => {
    const file = 'import a;\nexport const list = [\n  one,\n];\n';
    expect(applyHunk(file, [' export const list = [', '+  two,'])).toBe(
      'import a;\nexport const list = [\n  two,\n  one,\n];\n',
    );
    expect(applyHunk(file, ['-import a;', '+import b;'])).toContain('import b;\nexport');
    expect(() => applyHunk(file, [' export const other = [', '+  two,'])).toThrow(/found 0 times/);
    expect(() => applyHunk(`${file}${file}`, [' import a;', '+  two,'])).toThrow(/found 2 times/);
  });

  it('compiles against the codebase', () => {
    // The recipe's files and the shared files it edits, each checked against everything they
    // import (the whole API, through modules/index.ts): the type errors a change to the codebase
    // would cause in the page's code, at a fraction of a whole-project check.
    const configPath = path.join(base, 'apps/api/tsconfig.json');
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
    const checked = [...recipe.files.keys(), ...recipe.edits.map((e) => e.file)]
      .filter((file) => !file.startsWith('apps/web/'))
      .map((file) => path.join(base, file));
    const program = ts.createProgram(checked, options);
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((file) => {
        const source = program.getSourceFile(file);
        if (!source) throw new Error(`${file} is not part of the program`);
        return [
          ...program.getSyntacticDiagnostics(source),
          ...program.getSemanticDiagnostics(source),
        ];
      }),
    ];
    const text = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => base,
      getNewLine: () => '\n',
    });
    expect(checked).toHaveLength(10);
    expect(text).toBe('');
  });

  it('keeps the module boundaries', async () => {
    const { violations, cycles } = await checkApiBoundaries('apps/api/src', base);
    expect(violations).toEqual([]);
    expect(cycles).toEqual([]);
  });

  it("generates its migration and passes the page's own test on the database", async () => {
    const { migration, created, generate, test } = await later!;
    expect(created, generate).toBe(1);
    expect(migration).toContain('CREATE TABLE "notes"');
    expect(migration).toContain('"notes_workspace_created_idx"');
    expect(test.code, test.output).toBe(0);
    expect(test.output).toMatch(/1 passed/);
  });
});
