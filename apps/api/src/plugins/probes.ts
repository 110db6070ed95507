/**
 * The probes of load balancers and orchestrators (docs/operations.md), outside /api/v1 and never
 * the web page: `GET /healthz` answers while the process runs; `GET /readyz` answers 200 when
 * this process can serve — the database answers, its migrations are at this build's head, Redis
 * answers (REDIS_URL) and the object store answers (S3) — else 503 naming what failed. A
 * draining process (SIGTERM) answers 503 to both (plugins/drain.ts), so it leaves the rotation.
 * The answers name checks, never hosts or errors (those go to the log).
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR } from '../db/client';
import type { AppContext } from '../lib/context';
import { alwaysServed } from './load';

type Outcome = 'ok' | 'falhou' | 'sem resposta' | 'desatualizadas';
const CHECK_TIMEOUT_MS = 2000;

export function registerProbes(app: FastifyInstance, ctx: AppContext) {
  const opts = { config: alwaysServed, schema: { hide: true } };
  app.get('/healthz', opts, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', opts, async (_request, reply) => {
    const checks = await readiness(ctx);
    const failed = Object.entries(checks)
      .filter(([, outcome]) => outcome !== 'ok')
      .map(([name]) => name);
    void reply.header('cache-control', 'no-store');
    if (failed.length) return reply.code(503).send({ status: 'indisponível', failed, checks });
    return { status: 'pronto', checks };
  });
}

let headMillis: number | undefined;
/** The newest migration this build carries (read once). */
function migrationsHead(): number {
  headMillis ??= Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  );
  return headMillis;
}

export async function readiness(ctx: AppContext): Promise<Record<string, Outcome>> {
  const checks: Record<string, Promise<Outcome>> = {
    database: check(ctx, 'database', async () => {
      await ctx.database.executeSql('SELECT 1');
      return 'ok';
    }),
    migrations: check(ctx, 'migrations', async () => {
      const { rows } = await ctx.database.executeSql(
        'SELECT max(created_at)::text AS head FROM drizzle.__drizzle_migrations',
      );
      const applied = Number((rows[0] as { head: string | null } | undefined)?.head ?? 0);
      return applied >= migrationsHead() ? 'ok' : 'desatualizadas';
    }),
  };
  const redis = ctx.redis;
  if (redis)
    checks.redis = check(ctx, 'redis', async () =>
      (await redis.ping()) === 'PONG' ? 'ok' : 'falhou',
    );
  if (ctx.config.storage.driver === 's3')
    checks.storage = check(ctx, 'storage', async () => {
      await ctx.storage.head('readyz/probe');
      return 'ok';
    });
  const names = Object.keys(checks);
  const outcomes = await Promise.all(Object.values(checks));
  return Object.fromEntries(names.map((n, i) => [n, outcomes[i]!]));
}

async function check(ctx: AppContext, name: string, run: () => Promise<Outcome>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run(),
      new Promise<Outcome>((resolve) => {
        timer = setTimeout(() => resolve('sem resposta'), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    ctx.logger.warn({ err, check: name }, 'readyz: verificação falhou');
    return 'falhou';
  } finally {
    clearTimeout(timer);
  }
}
