/**
 * Read model: trueid customers whose files passed their workspace's retention
 * (trueid's customers and the apps' settings): `retention_days` after the
 * decision, or, for a customer never decided, after their last change (their
 * data or a file sent).
 */
import { sql } from 'drizzle-orm';
import { TrueIdSettings } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import { workspaceApps } from '../../db/schema/apps';
import { trueidCustomers } from '../../db/schema/trueid';
import { queryRows, ts } from '../../db/sql';

const DEFAULT_RETENTION_DAYS = TrueIdSettings.parse({}).retention_days;

/** The workspace's retention_days; a stored value out of range (never written through the API) is the default. */
const retentionDays = () =>
  sql`coalesce(case when jsonb_typeof(${workspaceApps.settings}->'retention_days') = 'number'
      and (${workspaceApps.settings}->>'retention_days')::numeric between 1 and 1825
      then (${workspaceApps.settings}->>'retention_days')::numeric::int end, ${DEFAULT_RETENTION_DAYS})`;

/** Customers whose files are due: decided (`decided`) or never decided, oldest first. */
export async function listCustomersPastRetention(
  db: DbOrTx,
  now: Date,
  limit: number,
  which: 'decided' | 'undecided' = 'decided',
) {
  const c = trueidCustomers;
  const a = workspaceApps;
  const since = which === 'decided' ? c.decidedAt : c.updatedAt;
  // each reads its own partial index (trueid_customers_decided_idx, _undecided_idx)
  const due =
    which === 'decided'
      ? sql`${c.decidedAt} is not null and ${c.filesPurgedAt} is null`
      : sql`${c.decidedAt} is null and ${c.filesPurgedAt} is null`;
  return queryRows<{ workspace_id: string; id: string }>(
    db,
    sql`select ${c.workspaceId} as workspace_id, ${c.id} as id
          from ${c}
          left join ${a} on ${a.workspaceId} = ${c.workspaceId} and ${a.label} = 'trueid'
         where ${due}
           and ${since} + make_interval(days => ${retentionDays()}) <= ${ts(now)}
         order by ${since}
         limit ${limit}`,
  );
}
