// Fails when the Drizzle schema and the committed migrations disagree:
// generates into a scratch copy of the migrations and expects nothing new.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(apiDir, 'src/db/migrations');
// drizzle-kit wants a path relative to its working directory
const scratch = mkdtempSync(path.join(apiDir, '.db-check-'));
try {
  cpSync(migrations, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      path.relative(apiDir, scratch),
      '--casing',
      'snake_case',
      '--name',
      'pending',
    ],
    { cwd: apiDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (!existsSync(path.join(scratch, 'meta/_journal.json')))
    throw new Error('db:check: scratch copy is broken');
  const added = readdirSync(scratch).filter((f) => !before.has(f));
  if (added.length > 0) {
    console.error(`db:check: the schema has changes without a migration (${added.join(', ')}).`);
    console.error('Run `npm run db:generate` and commit the new migration.');
    process.exitCode = 1;
  } else console.log('db:check: schema and migrations agree.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
