/**
 * What a workspace's PSP tells us, by webhook or when asked (decisions 038, 064):
 *  - `POST /webhooks/pix/c/{connection_id}/{secret}/pix|rec|cobr`: the
 *    connection's random secret (decision 064; the row id alone is no credential),
 *    else 404. A notification is a
 *    hint, never proof. Each item names what changed (an endToEndId, an idRec,
 *    a debit's txid, a refund's id); the server asks the connection's PSP over
 *    mutual TLS (GET /pix/{e2eid}, GET /rec/{idRec}, GET /cobr/{txid},
 *    GET /pix/{e2eid}/devolucao/{id}) and applies only what it answers, with the
 *    rules of the rest of this module (each txid / idRec the workspace's, each
 *    amount its charge's, idempotent by endToEndId; a Pix that matches nothing
 *    is kept for the owner). What the PSP does not confirm changes nothing; a
 *    PSP that does not answer is asked again by the reconciliation.
 *  - reconcilePixConnections (every PIX_RECONCILE_SECONDS): `GET /pix` since
 *    the last run and `GET /cob/{txid}` for pending charges settle with the same
 *    rules what the PSP received but never notified.
 */
import { PixCobrWebhookItem, PixRecWebhookItem, PixWebhookItem } from '@fa-clube/contract';
import type { PspWebhookBody } from '@fa-clube/contract';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { PspError } from '../../lib/pix/psp-client';
import type { PspClient } from '../../lib/pix/psp-client';
import { findNotification, listPendingChargesOfConnection } from './charges.repo';
import { processPixNotification } from './settlement.service';
import { applyRefundUpdate } from './payment-reviews.service';
import { connectionClient, webhookSecretMatches } from './pix-connections.service';
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
  target: { connection: string; secret: string; kind: 'pix' | 'rec' | 'cobr' },
  body: PspWebhookBody,
): Promise<{ received: number; applied: number }> {
  const { kind } = target;
  const connection = await findConnectionById(ctx.db, target.connection);
  // an ended connection, an old or wrong secret: as if the URL never existed
  if (connection?.status !== 'connected' || !webhookSecretMatches(connection, target.secret))
    throw new AppError('PIX_PROVIDER_NOT_FOUND', 'Webhook desconhecido.');
  const client = connectionClient(ctx, connection);
  const ask = <T>(path: string, schema: z.ZodType<T>, what: Record<string, string>) =>
    askPsp(ctx, client, connection, path, schema, what);
  let applied = 0;
  if (kind === 'pix') {
    const hints = body.pix ?? [];
    const scope = { connectionId: connection.id, workspaceId: connection.workspaceId };
    for (const hint of hints) {
      const e2e = encodeURIComponent(hint.endToEndId);
      // a re-delivery of a Pix already recorded: only its refunds may have moved
      if (!(await findNotification(ctx.db, hint.endToEndId))) {
        const pix = await ask(`/pix/${e2e}`, PixWebhookItem, { endToEndId: hint.endToEndId });
        if (pix?.endToEndId === hint.endToEndId)
          if ((await processPixNotification(ctx, 'psp', pix, scope)) === 'applied') applied++;
      }
      for (const id of refundIdsOf(hint)) {
        const refund = await ask(`/pix/${e2e}/devolucao/${encodeURIComponent(id)}`, RefundAnswer, {
          endToEndId: hint.endToEndId,
          refund: id,
        });
        if (refund?.id === id)
          await applyRefundUpdate(ctx, connection.workspaceId, {
            id,
            endToEndId: hint.endToEndId,
            status: refund.status,
          });
      }
    }
    return { received: hints.length, applied };
  }
  if (kind === 'rec') {
    const hints = body.recs ?? [];
    for (const hint of hints) {
      const rec = await ask(`/rec/${encodeURIComponent(hint.idRec)}`, PixRecWebhookItem, {
        idRec: hint.idRec,
      });
      if (rec?.idRec === hint.idRec && (await applyRecNotification(ctx, connection, rec)))
        applied++;
    }
    return { received: hints.length, applied };
  }
  const hints = body.cobsr ?? [];
  for (const hint of hints) {
    const cobr = await ask(`/cobr/${encodeURIComponent(hint.txid)}`, PixCobrWebhookItem, {
      txid: hint.txid,
    });
    if (cobr?.txid !== hint.txid) continue;
    const { outcome, debit } = await applyCobrNotification(ctx, connection, cobr);
    if (outcome === 'settled') applied++;
    if (outcome === 'failed' && debit) await offerInsteadOfDebit(ctx, debit);
  }
  return { received: hints.length, applied };
}

/** GET /pix/{e2eid}/devolucao/{id}: what we read of it. */
const RefundAnswer = z.object({ id: z.string().max(35), status: z.string().max(40) }).loose();

/**
 * One question to the connection's PSP about what a notification names: its answer when it
 * holds it (checked against the schema), else null — not found (a forged or mistaken
 * notification: logged, nothing changes) or no answer (the reconciliation asks again).
 */
async function askPsp<T>(
  ctx: AppContext,
  client: PspClient,
  connection: PixConnectionRow,
  path: string,
  schema: z.ZodType<T>,
  what: Record<string, string>,
): Promise<T | null> {
  try {
    const { body } = await client.call<unknown>('GET', path);
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    ctx.logger.warn(
      { connectionId: connection.id, ...what },
      'notificação do PSP: resposta da consulta fora do formato; nada aplicado',
    );
  } catch (err) {
    ctx.logger.warn(
      {
        connectionId: connection.id,
        ...what,
        err: err instanceof PspError ? err.message : err,
        status: err instanceof PspError ? err.status : null,
      },
      err instanceof PspError && err.status === 404
        ? 'notificação do PSP não confirmada por ele: ignorada'
        : 'notificação do PSP: PSP não consultado; a conciliação tenta de novo',
    );
  }
  return null;
}

/** The refund ids a Pix notification names (`devolucoes[].id`): hints, asked one by one. */
const refundIdsOf = (item: PixItem) =>
  ((item as { devolucoes?: { id?: unknown }[] }).devolucoes ?? [])
    .flatMap((d) => (typeof d.id === 'string' && d.id.length <= 35 ? [d.id] : []))
    .slice(0, 10);

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
  /** performance.now() past which no further call is made (the connection's budget). */
  budget: { deadline: number } = { deadline: Number.POSITIVE_INFINITY },
): Promise<number> {
  const spent = () => performance.now() > budget.deadline;
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
    // out of budget mid-way: what was read counts, the window is read again next run
    if (spent()) return applied;
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
  await setReconciledUntil(ctx.db, connection.id, now);
  applied += await reconcilePendingCharges(ctx, client, connection, now, spent);
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
  spent: () => boolean,
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
    if (spent()) break;
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
