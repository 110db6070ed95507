import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, once, at the highest
 * levels: the server sends them as they are (`preCompressed` in plugins/web.ts), so a phone
 * downloads about a quarter of the bytes and no request spends CPU compressing.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fa-clube-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
        const file = path.join(outDir, name);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// In development the API runs on API_PORT (default 3000) and Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // zod set up for the CSP before any schema is built (src/lib/zod.ts)
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') },
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs measures each page's first load from it
    manifest: true,
    rolldownOptions: {
      output: {
        // long-lived vendor chunks: they change far less often than the app's own code
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
});
