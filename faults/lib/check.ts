import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Op, World } from './load';

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Figures {
  requests: number;
  acknowledged: number;
  failed: number;
  timedOut: number;
  lost: number;
  duplicates: number;
  partial: number;
  held: number;
  /** ms from the fault to the first acknowledged write started after it. */
  firstSuccessMs?: number;
  /** ms from the fault to the first 1 s window as fast as the baseline (p99). */
  baselineP99Ms?: number;
  notes: string[];
}

const p99 = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!;
};

/**
 * Counts the run's writes and, around a fault at `faultAt` (performance.now()),
 * the held ones (in flight at the fault, answered 2xx), the time to the first
 * success and to a window whose p99 is back under 1.5 × the baseline's (the
 * writes before the fault), or the baseline + 50 ms on a fast baseline.
 */
export function countOps(ops: Op[], faultAt?: number, faultEnd = faultAt): Figures {
  const acked = ops.filter((o) => o.outcome === 'ack');
  const f: Figures = {
    requests: ops.length,
    acknowledged: acked.length,
    failed: ops.filter((o) => o.outcome === 'failed').length,
    timedOut: ops.filter((o) => o.outcome === 'timeout').length,
    lost: 0,
    duplicates: 0,
    partial: 0,
    held: 0,
    notes: [],
  };
  const reasons = new Map<string, number>();
  for (const o of ops)
    if (o.outcome !== 'ack') reasons.set(o.error ?? '?', (reasons.get(o.error ?? '?') ?? 0) + 1);
  const top = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 4);
  if (top.length)
    f.notes.push(`not acknowledged: ${top.map(([e, n]) => `${n} × ${e}`).join(', ')}`);
  if (faultAt === undefined || faultEnd === undefined) return f;
  f.held = acked.filter((o) => o.start < faultAt && o.end > faultAt).length;
  const after = acked.filter((o) => o.start >= faultEnd).sort((a, b) => a.end - b.end);
  if (after[0]) f.firstSuccessMs = Math.round(after[0].end - faultAt);
  const baseline = p99(acked.filter((o) => o.end < faultAt).map((o) => o.end - o.start));
  const limit = Math.max(baseline * 1.5, baseline + 50);
  const lastStart = Math.max(...ops.map((o) => o.start));
  for (let t = faultEnd; t + 1000 <= lastStart; t += 250) {
    const win = ops.filter((o) => o.start >= t && o.start < t + 1000);
    if (win.length < 5 || win.some((o) => o.outcome !== 'ack')) continue;
    if (p99(win.map((o) => o.end - o.start)) <= limit) {
      f.baselineP99Ms = Math.round(t - faultAt);
      break;
    }
  }
  f.notes.push(`baseline p99 ${Math.round(baseline)} ms`);
  return f;
}

const ids = (ops: Op[], kind: Op['kind']) =>
  ops.filter((o) => o.kind === kind && o.outcome === 'ack' && o.key).map((o) => o.key!);

const num = (rows: Record<string, unknown>[]) => Number(rows[0]?.n ?? 0);

/**
 * Reads the database (and the file store under `filesRoot`) after a run:
 * acknowledged but lost writes, duplicated effects and partial state.
 */
export async function verify(
  q: Query,
  world: World,
  ops: Op[],
  filesRoot: string,
  f: Figures,
  /** A restored backup (epoch ms of its snapshot): files written after it are expected without rows. */
  snapshotAt?: number,
): Promise<Figures> {
  const lostBy: Record<string, number> = {};
  const miss = (kind: string, n: number) => {
    if (n > 0) lostBy[kind] = n;
    f.lost += n;
  };
  // sign-ups: the user exists
  const emails = ids(ops, 'signup');
  const users = await q('select lower(email) as e from users where lower(email) = any($1)', [
    emails,
  ]);
  miss('signup', emails.length - users.length);
  // posts: the row, its attachment, and the attachment's file
  const posts = ids(ops, 'post');
  const rows = await q(
    `select c.id, a.file_path from contents c left join content_attachments a on a.content_id = c.id
      where c.id = any($1::uuid[])`,
    [posts],
  );
  miss('post', posts.length - new Set(rows.map((r) => r.id)).size);
  for (const r of rows) {
    const file = r.file_path
      ? path.join(filesRoot, 'workspaces', world.creator.workspaceId, 'files', String(r.file_path))
      : null;
    if (!file || !existsSync(file)) f.partial++;
  }
  // likes: the pair exists; like_count agrees with the likes
  const likes = ids(ops, 'like');
  const liked = await q(
    `select content_id || ':' || user_id as k from content_likes where content_id = any($1::uuid[])`,
    [world.posts],
  );
  const likedSet = new Set(liked.map((r) => String(r.k)));
  miss('like', likes.filter((k) => !likedSet.has(k)).length);
  f.partial += num(
    await q(
      `select count(*)::int as n from contents c
        where c.like_count <> (select count(*) from content_likes l where l.content_id = c.id)`,
    ),
  );
  // charges: paid; one ledger row and one subscription period per charge
  const charges = ids(ops, 'charge');
  const paid = await q(`select id from charges where id = any($1::uuid[]) and status = 'paid'`, [
    charges,
  ]);
  miss('charge', new Set(charges).size - paid.length);
  f.duplicates += num(
    await q(`select count(*)::int as n from (select charge_id from finance_transactions
      where charge_id is not null group by charge_id having count(*) > 1) d`),
  );
  f.duplicates += num(
    await q(`select count(*)::int as n from (select charge_id from subscription_payments
      group by charge_id having count(*) > 1) d`),
  );
  f.partial += num(
    await q(`select count(*)::int as n from charges c where c.status = 'paid' and (
      not exists (select 1 from finance_transactions t where t.charge_id = c.id)
      or not exists (select 1 from subscription_payments p where p.charge_id = c.id))`),
  );
  // transactions: the row exists once per import_key
  const keys = ids(ops, 'transaction');
  const found = await q(
    `select import_key from finance_transactions where import_key = any($1) group by import_key`,
    [keys],
  );
  miss('transaction', keys.length - found.length);
  f.duplicates += num(
    await q(`select count(*)::int as n from (select import_key from finance_transactions
      where import_key is not null group by account_id, import_key having count(*) > 1) d`),
  );
  // files without rows: every file of the store belongs to a row (workspace file store:
  // workspace_objects, pending or stored; raw image uploads: uploads). Temp files of uploads
  // cut by a crash (.tmp/) are removed by the hourly sweep once an hour old: counted apart.
  const orphans = await orphanFiles(q, filesRoot, snapshotAt);
  f.partial += orphans.files.length;
  if (orphans.newer)
    f.notes.push(
      `${orphans.newer} files written after the snapshot (no row in the backup, as expected)`,
    );
  if (orphans.files.length)
    f.notes.push(`files without a row: ${orphans.files.slice(0, 3).join(', ')}`);
  if (orphans.temp)
    f.notes.push(`${orphans.temp} temp files of cut uploads (removed by the hourly sweep)`);
  if (f.lost) f.notes.push(`lost: ${JSON.stringify(lostBy)}`);
  return f;
}

function walk(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/**
 * Files of the store that no row accounts for (and the temp files, counted apart). With
 * `newerThan` (a restored snapshot), files modified after it are counted apart as `newer`: the
 * file store is copied after the database dump, so uploads made in between have no row there.
 */
export async function orphanFiles(
  q: Query,
  filesRoot: string,
  newerThan?: number,
): Promise<{ files: string[]; newer: number; temp: number }> {
  const all = walk(filesRoot);
  const temp = all.filter((k) => k.startsWith('.tmp/')).length;
  const objects = new Set(
    (await q('select workspace_id, file_path from workspace_objects')).map(
      (r) => `workspaces/${String(r.workspace_id)}/files/${String(r.file_path)}`,
    ),
  );
  const uploads = new Set(
    (await q('select storage_key from uploads')).map((r) => String(r.storage_key)),
  );
  const files = all.filter((k) => {
    if (k.startsWith('.tmp/') || k.endsWith('/.folder') || k === 'filler.bin') return false;
    if (/^workspaces\/[^/]+\/files\//.test(k)) return !objects.has(k);
    if (/^(workspaces|users)\/[^/]+\/incoming\//.test(k)) return !uploads.has(k);
    // public/ (processed images, content-hashed) is outside the load
    return false;
  });
  const isNewer = (k: string) =>
    newerThan !== undefined && statSync(path.join(filesRoot, k)).mtimeMs >= newerThan;
  return {
    files: files.filter((k) => !isNewer(k)),
    newer: files.filter(isNewer).length,
    temp,
  };
}
