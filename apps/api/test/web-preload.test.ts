import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-r1.js"></head><body><div id="root"></div></body></html>';

// as `npm run build` writes them (apps/web/vite.config.ts): the manifest, and the route table's
// addresses with their modules (apps/web/vite-plugins/route-table.ts)
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_form-f1.js': { file: 'assets/form-f1.js', imports: ['_react-r1.js'] },
  '_card-c1.js': { file: 'assets/card-c1.js', imports: ['_form-f1.js'] },
  'src/app/routes/login.tsx': {
    file: 'assets/login-l1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-r1.js', '_form-f1.js'],
  },
  'src/components/layout/app-shell.tsx': {
    file: 'assets/app-shell-s1.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/app/routes/profile.tsx': {
    file: 'assets/profile-p1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_card-c1.js'],
  },
  'src/app/routes/workspace-new.tsx': { file: 'assets/workspace-new-w1.js', isDynamicEntry: true },
};
const ROUTES = [
  { path: '/login', modules: ['src/app/routes/login.tsx'] },
  {
    path: '/profile/:username',
    modules: ['src/components/layout/app-shell.tsx', 'src/app/routes/profile.tsx'],
  },
  {
    path: '/workspaces/new',
    modules: ['src/components/layout/app-shell.tsx', 'src/app/routes/workspace-new.tsx'],
  },
];

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("the page's chunks named in index.html", () => {
  let t: TestContext;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'fa-clube-web-'));
    writeFileSync(path.join(web, 'index.html'), INDEX);
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'assets', 'react-r1.js'), 'export const react = 1;\n');
    mkdirSync(path.join(web, '.vite'));
    writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(path.join(web, '.vite', 'routes.json'), JSON.stringify(ROUTES));
    t = await createTestContext({ build: { webDist: web } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("preloads the login page's chunk and its imports that the entry does not bring", async () => {
    const res = await t.inject({ method: 'GET', url: '/login?next=%2Ffiles' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(preloads(res.body)).toEqual(['/assets/login-l1.js', '/assets/form-f1.js']);
    // in the head, after what the build put there
    expect(res.body.indexOf('/assets/login-l1.js')).toBeGreaterThan(
      res.body.indexOf('/assets/react-r1.js'),
    );
    expect(res.body.indexOf('/assets/login-l1.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('matches parameters and prefers a fixed segment; layouts above the page come too', async () => {
    const profile = await t.inject({ method: 'GET', url: '/profile/Bia_Rocha/' });
    expect(preloads(profile.body)).toEqual([
      '/assets/app-shell-s1.js',
      '/assets/profile-p1.js',
      '/assets/card-c1.js',
      '/assets/form-f1.js',
    ]);
    const fixed = await t.inject({ method: 'GET', url: '/workspaces/new' });
    expect(preloads(fixed.body)).toEqual([
      '/assets/app-shell-s1.js',
      '/assets/workspace-new-w1.js',
    ]);
  });

  it('sends a hashed asset without the headers that only a document uses', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/react-r1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'x-request-id'])
      expect(asset.headers[name], name).toBeUndefined();
    // the page itself keeps them all
    const page = await t.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-request-id']).toBeDefined();
  });

  it('sends the plain index.html for an address outside the route table', async () => {
    for (const url of ['/nao-existe', '/profile', '/profile/bia/extra']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});
