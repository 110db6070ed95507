/**
 * Read model: trueid customers whose files passed their workspace's retention
 * (trueid's customers and the apps' settings, `retention_days` after the decision).
 */
import { sql } from 'drizzle-orm';
import { TrueIdSettings } from '@fa-clube/contract';
import type { DbOrTx } from '../db/client';
import { workspaceApps } from '../db/schema/apps';
import { trueidCustomers } from '../db/schema/trueid';
import { queryRows, ts } from '../db/sql';

const DEFAULT_RETENTION_DAYS = TrueIdSettings.parse({}).retention_days;

export async function listCustomersPastRetention(db: DbOrTx, now: Date, limit: number) {
  const c = trueidCustomers;
  const a = workspaceApps;
  // a stored value out of range (never written through the API) falls back to the default
  const days = sql`coalesce(case when jsonb_typeof(${a.settings}->'retention_days') = 'number'
      and (${a.settings}->>'retention_days')::numeric between 1 and 1825
      then (${a.settings}->>'retention_days')::numeric::int end, ${DEFAULT_RETENTION_DAYS})`;
  return queryRows<{ workspace_id: string; id: string }>(
    db,
    sql`select ${c.workspaceId} as workspace_id, ${c.id} as id
          from ${c}
          left join ${a} on ${a.workspaceId} = ${c.workspaceId} and ${a.label} = 'trueid'
         where ${c.decidedAt} is not null and ${c.filesPurgedAt} is null
           and ${c.decidedAt} + make_interval(days => ${days}) <= ${ts(now)}
         order by ${c.decidedAt}
         limit ${limit}`,
  );
}
