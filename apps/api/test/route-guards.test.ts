import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/plugins/auth';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';

/**
 * Authentication by scope (issue 31): every module's route is registered in one scope whose
 * guard is on by default (plugins/auth.ts guardRoutes). This lists every API route with what it
 * got: the public and the optional ones are the visible exceptions, named here, and every other
 * one refuses a signed-out caller with 401 before anything else is read.
 */
let t: TestContext;
const routes: { method: string; url: string; access: RouteAccess }[] = [];
beforeAll(async () => {
  t = await createTestContext({ build: { onGuardedRoute: (route) => routes.push(route) } });
});
afterAll(() => t.close());

const listed = (access: RouteAccess) =>
  routes
    .filter((r) => r.access === access)
    .map((r) => `${r.method} ${r.url}`)
    .sort();

describe('every API route has its guard', () => {
  it('lists the public routes: sign-up and sign-in, links from e-mails, webhooks, signed files', () => {
    expect(listed('public')).toEqual(
      [
        'GET /api/v1/auth/providers',
        'GET /api/v1/auth/google',
        'GET /api/v1/auth/google/callback',
        'POST /api/v1/user',
        'PUT /api/v1/confirm-email',
        'POST /api/v1/token',
        'POST /api/v1/refresh-token',
        'POST /api/v1/logout',
        'POST /api/v1/reset-password',
        'PUT /api/v1/reset-password',
        'POST /api/v1/me/email/confirm',
        'GET /api/v1/unsubscribe',
        'POST /api/v1/unsubscribe',
        'GET /api/v1/email-contacts/confirm',
        'POST /api/v1/email-contacts/confirm',
        'GET /api/v1/public/images/*',
        'PUT /api/v1/storage/upload',
        'GET /api/v1/storage/object',
        // a video's HLS playlists: their signature decides, like a stored file's (decision 095)
        'GET /api/v1/media/hls',
        'POST /api/v1/webhooks/pix/c/:connection/:secret/:kind',
        // the live event stream checks its caller itself: a bearer header or a single-use
        // ticket (EventSource sends no headers; decision 083); events.test.ts proves the 401s
        'GET /api/v1/events',
      ].sort(),
    );
  });

  it('lists the routes open to visitors that show a signed-in caller more', () => {
    expect(listed('optional')).toEqual(
      ['GET /api/v1/profile', 'GET /api/v1/contents/objects', 'GET /api/v1/plans'].sort(),
    );
  });

  it('refuses a signed-out caller on every other route, with 401', async () => {
    const signedIn = routes.filter((r) => r.access === 'signed-in');
    expect(signedIn.length).toBeGreaterThan(100);
    const answers = await Promise.all(
      signedIn.map(async (r) => {
        const url = r.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.inject({ method: r.method as 'GET', url });
        return `${r.method} ${r.url} ${res.statusCode}`;
      }),
    );
    expect(answers.filter((a) => !a.endsWith(' 401'))).toEqual([]);
  });

  it('documents the bearer token on the guarded routes only', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const secured = (path: string, method: string) =>
      Boolean(doc.paths[path]?.[method]?.security?.length);
    expect(secured('/api/v1/me', 'get')).toBe(true);
    expect(secured('/api/v1/token', 'post')).toBe(false);
  });
});
