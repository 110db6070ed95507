import type { KnipConfig } from 'knip';

/**
 * `npm test` step "unused": files, dependencies and exports nothing uses
 * (docs/code-style.md, "Nothing unused"). A dependency is listed by the
 * workspace whose code imports it; an export is used by another file.
 */
const config: KnipConfig = {
  ignoreExportsUsedInFile: true,
  // The web client's stylesheet imports Tailwind, its animations and the font.
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)]
        .map(([, id]) => `import '${id}';`)
        .join('\n'),
  },
  workspaces: {
    '.': {
      // the load benchmark starts bench/reference-server.ts by its path
      entry: ['scripts/*.mjs', 'bench/*.bench.ts', 'bench/reference-server.ts', 'bench/profile.ts'],
      project: ['scripts/**/*.mjs', 'bench/**/*.ts', 'faults/**/*.ts', '*.{js,ts}'],
      // loaded by file path into the page (apps/web/e2e/support/screens.ts)
      ignoreDependencies: ['axe-core'],
      // the fault suite mounts a small tmpfs for its disk-full scenario (util-linux) and
      // installs libfaketime (Debian package faketime) for its clock-skew scenarios; the
      // operations benchmark makes its video clip with the system's ffmpeg
      ignoreBinaries: ['mount', 'umount', 'apt-get', 'ffmpeg'],
    },
    'apps/api': {
      entry: ['scripts/*.{mjs,ts}', 'test/**/*.test.ts', 'src/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.{mjs,ts}'],
      // pino loads it by name as a transport (src/lib/log.ts)
      ignoreDependencies: ['pino-pretty'],
      // the stand-in PSP's test certificates are made with the openssl command line
      ignoreBinaries: ['openssl'],
    },
    'apps/web': {
      // src/lib/zod.ts is what the build's alias gives for `zod` (vite.config.ts)
      entry: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'src/lib/zod.ts'],
      project: ['src/**/*.{ts,tsx,css}', 'e2e/**/*.ts'],
      // The UI kit keeps each primitive's full shadcn-style API.
      ignoreIssues: { 'src/components/ui/**': ['exports', 'types'] },
      // the Lighthouse journey's HTTPS proxy makes its certificate (e2e/support/https-proxy.ts)
      ignoreBinaries: ['openssl'],
    },
    'packages/contract': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
      // what the package exports must be used by the API or the web client
      includeEntryExports: true,
    },
  },
};

export default config;
