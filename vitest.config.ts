import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default keeps a core for its own process: one worker on a 2-core machine. The
    // files spend much of their time waiting (PostgreSQL, SMTP, argon2 on libuv's threads), so
    // one worker per core: the PostgreSQL run went from 511 s to 174 s on 2 cores.
    maxWorkers: availableParallelism(),
    // a forgotten .only never shrinks a run, locally or in CI (Vitest's default allows it
    // outside CI); each project says it too, since a project does not inherit the root's options
    allowOnly: false,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          allowOnly: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          allowOnly: false,
          // The files share each worker's modules (each still makes its own database and app):
          // re-importing the app and compiling PGlite's WebAssembly per file was half of the
          // run (on PGlite 100 → 49 s for 27 files; the whole project 220 s instead of ~400).
          // Nothing in it mocks modules or changes globals between files.
          isolate: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
