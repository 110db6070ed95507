/**
 * What a workspace's PSP tells us, by webhook or when asked (decision 041):
 *  - `POST /webhooks/pix/c/{connection_id}/pix|rec|cobr`: the reverse proxy
 *    checked the PSP's mutual TLS; here the connection id (unguessable) names
 *    the workspace, each txid / idRec must be that workspace's and each amount
 *    its charge's; idempotent by endToEndId; what matches nothing is kept for
 *    the owner (GET /workspaces/{id}/pix/notifications), never dropped.
 *  - reconcilePixConnections (every PIX_RECONCILE_SECONDS): `GET /pix` since
 *    the last run and `GET /cob/{txid}` for pending charges settle with the same
 *    rules what the PSP received but never notified.
 */
import type { PspWebhookBody } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { PspError } from '../../lib/pix/psp-client';
import type { PspClient } from '../../lib/pix/psp-client';
import { listPendingChargesOfConnection } from './charges.repo';
import { processPixNotification, processPixWebhook } from './settlement.service';
import { applyRefundUpdates } from './payment-reviews.service';
import { connectionClient } from './pix-connections.service';
import { findConnectionById, listConnectedAfter, setReconciledUntil } from './pix-connections.repo';
import type { PixConnectionRow } from './pix-connections.repo';
import {
  applyCobrNotification,
  applyRecNotification,
  offerInsteadOfDebit,
} from './recurrences.service';

type PixItem = NonNullable<PspWebhookBody['pix']>[number];

export async function processPspWebhook(
  ctx: AppContext,
  connectionId: string,
  kind: 'pix' | 'rec' | 'cobr',
  body: PspWebhookBody,
): Promise<{ received: number; applied: number }> {
  const connection = await findConnectionById(ctx.db, connectionId);
  if (!connection) throw new AppError('PIX_PROVIDER_NOT_FOUND', 'Webhook desconhecido.');
  const scope = { connectionId: connection.id, workspaceId: connection.workspaceId };
  if (kind === 'pix') {
    const items = body.pix ?? [];
    await applyRefundUpdates(ctx, items.flatMap(refundsOf));
    return processPixWebhook(ctx, 'psp', { pix: items }, scope);
  }
  if (kind === 'rec') {
    let applied = 0;
    for (const item of body.recs ?? [])
      if (await applyRecNotification(ctx, connection, item)) applied++;
    return { received: body.recs?.length ?? 0, applied };
  }
  let applied = 0;
  for (const item of body.cobsr ?? []) {
    const { outcome, debit } = await applyCobrNotification(ctx, connection, item);
    if (outcome === 'settled') applied++;
    if (outcome === 'failed' && debit) await offerInsteadOfDebit(ctx, debit);
  }
  return { received: body.cobsr?.length ?? 0, applied };
}

const refundsOf = (item: PixItem) =>
  ((item as { devolucoes?: { id?: unknown; status?: unknown }[] }).devolucoes ?? []).flatMap((d) =>
    typeof d.id === 'string' && typeof d.status === 'string'
      ? [{ id: d.id, status: d.status }]
      : [],
  );

// ---- reconciliation ----------------------------------------------------------------------------

/** Connections per run, Pix pages per connection, pending charges per connection: bounded work. */
const CONNECTIONS_PER_RUN = 50;
const PIX_PAGES_PER_CONNECTION = 5;
const PIX_PAGE_SIZE = 100;
const PENDING_PER_CONNECTION = 50;
/** How far back the first run (or a run after a long pause) reads GET /pix. */
const FIRST_WINDOW_MS = 24 * 3_600_000;

interface PixList {
  parametros?: { paginacao?: { quantidadeDePaginas?: number } };
  pix?: PixItem[];
}

export interface ReconcileResult {
  connections: number;
  applied: number;
  failed: number;
}

/** Every connected PSP, in batches; one PSP's failure does not stop the others. */
export async function reconcilePixConnections(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { connections: 0, applied: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    const batch = await listConnectedAfter(ctx.db, after, CONNECTIONS_PER_RUN);
    for (const connection of batch) {
      if (signal?.aborted) return result;
      result.connections++;
      try {
        result.applied += await reconcileConnection(ctx, connection);
      } catch (err) {
        result.failed++;
        ctx.logger.warn(
          { err: err instanceof PspError ? err.message : err, connectionId: connection.id },
          'conciliação Pix: PSP não consultado; nova tentativa na próxima rotina',
        );
      }
    }
    if (batch.length < CONNECTIONS_PER_RUN) return result;
    after = batch[batch.length - 1]!.id;
  }
}

/** One PSP: what arrived since the last run (GET /pix), then its pending charges (GET /cob). */
export async function reconcileConnection(
  ctx: AppContext,
  connection: PixConnectionRow,
): Promise<number> {
  const client = connectionClient(ctx, connection);
  const now = ctx.clock.now();
  const scope = { connectionId: connection.id, workspaceId: connection.workspaceId };
  const from = new Date(
    Math.max(
      connection.reconciledUntil?.getTime() ?? 0,
      now.getTime() - FIRST_WINDOW_MS,
      connection.connectedAt.getTime() - 60_000,
    ) -
      5 * 60_000, // overlap: a Pix stamped just before the last run's end
  );
  let applied = 0;
  for (let page = 0; page < PIX_PAGES_PER_CONNECTION; page++) {
    const { body } = await client.call<PixList>('GET', '/pix', {
      query: {
        inicio: from.toISOString(),
        fim: now.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(PIX_PAGE_SIZE),
      },
    });
    for (const item of body?.pix ?? [])
      if ((await processPixNotification(ctx, 'psp', item, scope)) === 'applied') applied++;
    if (page + 1 >= (body?.parametros?.paginacao?.quantidadeDePaginas ?? 1)) break;
  }
  applied += await reconcilePendingCharges(ctx, client, connection, now);
  await setReconciledUntil(ctx.db, connection.id, now);
  return applied;
}

interface CobAnswer {
  status?: string;
  pix?: PixItem[];
}

async function reconcilePendingCharges(
  ctx: AppContext,
  client: PspClient,
  connection: PixConnectionRow,
  now: Date,
): Promise<number> {
  const scope = { connectionId: connection.id, workspaceId: connection.workspaceId };
  const since = new Date(now.getTime() - (ctx.config.pix.chargeTtlMinutes + 60) * 60_000);
  const pending = await listPendingChargesOfConnection(
    ctx.db,
    connection.id,
    since,
    PENDING_PER_CONNECTION,
  );
  let applied = 0;
  for (const charge of pending) {
    const { body } = await client.call<CobAnswer>('GET', `/cob/${encodeURIComponent(charge.txid)}`);
    if (body?.status !== 'CONCLUIDA') continue;
    for (const item of body.pix ?? [])
      if (
        (await processPixNotification(
          ctx,
          'psp',
          { ...item, txid: item.txid ?? charge.txid },
          scope,
        )) === 'applied'
      )
        applied++;
  }
  return applied;
}
