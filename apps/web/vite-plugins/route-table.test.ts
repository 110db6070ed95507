import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteTable } from './route-table';

const root = path.resolve(import.meta.dirname, '..');

describe('the route table read for the server (route-table.ts)', () => {
  const routes = readRouteTable(path.join(root, 'src/app/routes.tsx'), root);
  const modulesOf = (p: string) => routes.find((r) => r.path === p)?.modules;

  it('names each page with the modules loaded to show it, outermost first', () => {
    expect(modulesOf('/login')).toEqual(['src/app/routes/login.tsx']);
    expect(modulesOf('/profile/:username')).toEqual([
      'src/components/layout/app-shell.tsx',
      'src/app/routes/profile.tsx',
    ]);
    expect(modulesOf('/dashboard')).toEqual([
      'src/components/layout/app-shell.tsx',
      'src/app/routes/dashboard.tsx',
    ]);
    // an index route takes its parent's address; a nested path is joined to it
    expect(modulesOf('/finance')).toEqual([
      'src/components/layout/app-shell.tsx',
      'src/app/routes/finance.tsx',
      'src/app/routes/finance-overview.tsx',
    ]);
    expect(modulesOf('/settings/apps/trueid')).toEqual([
      'src/components/layout/app-shell.tsx',
      'src/app/routes/settings.tsx',
      'src/app/routes/settings-apps-trueid.tsx',
    ]);
  });

  it('leaves out the splat route: an unknown address gets nothing ahead', () => {
    expect(routes.some((r) => r.path.includes('*'))).toBe(false);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });
});
