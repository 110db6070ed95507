/**
 * Pix Automático (Banco Central's recurring Pix, Jornada 3), decision 042:
 *  - authorizeRecurrence: with the first period's immediate charge, a recurrence
 *    location (POST /locrec), the recurrence (POST /rec) and its composite BR
 *    Code (GET /rec/{idRec}?txid=): one scan pays the period and authorizes the rest;
 *  - the PSP's /rec notifications move its status (APROVADA once the fan paid,
 *    CANCELADA from the bank app), its /cobr notifications settle or fail a debit;
 *  - scheduleRecurringDebits (asked by the subscriptions' renewal sweep): POST
 *    /cobr once per period, PIX_AUTOMATIC_LEAD_DAYS before it ends (a call
 *    without an answer is resolved by asking the PSP before asking again);
 *  - cancelRecurrence: the fan, from 'Minhas assinaturas' (PATCH /rec CANCELADA).
 * The subscription itself always stays active to its period end. A recurrence
 * names its subscription by id only (`contractId`, our `vinculo.contrato`):
 * what a settled debit grants and what a failed one offers instead are the
 * subscriptions module's (ctx.chargeKinds).
 */
import { BUSINESS_TIME_ZONE, todayIn } from '@fa-clube/contract';
import type { PixCobrWebhookItem, PixRecWebhookItem } from '@fa-clube/contract';
import type { z } from 'zod';
import type { RecurrenceStatus, RecurringChargeStatus } from '../../db/schema/payments';
import { addDays } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { BrCodeError, centsToDecimalString, decodeBrCode, encodeBrCode } from '../../lib/pix';
import { PspError } from '../../lib/pix/psp-client';
import { decimalStringToCents } from '../../lib/pix';
import {
  findChargeById,
  findChargeByTxid,
  insertNotification,
  insertPaidCharge,
  setChargePaymentSpecs,
  settleNotification,
} from './charges.repo';
import type { ChargeRow } from './charges.repo';
import { ageGateBlocks, settlePaidCharge } from './settlement.service';
import {
  connectionClient,
  findConnectedConnection,
  offersAutomatic,
} from './pix-connections.service';
import { findConnectionById } from './pix-connections.repo';
import type { PixConnectionRow } from './pix-connections.repo';
import { providerError } from './providers/psp';
import {
  claimRecurringCharge,
  closeRecurringCharge,
  dropRecurringChargeClaim,
  findLatestRecurrence,
  findLiveRecurrenceOfPayer,
  findRecurrenceByIdRec,
  findRecurrenceById,
  findRecurringChargeByTxid,
  findUnansweredClaimOf,
  insertRecurrence,
  listLiveRecurrences,
  setRecurrenceStatus,
  setFallbackCharge,
  setRecurringChargeScheduled,
  takeUnansweredDebitClaims,
} from './recurrences.repo';
import type { PixRecurrenceRow, RecurringChargeRow } from './recurrences.repo';

const PERIODICITY = { monthly: 'MENSAL', quarterly: 'TRIMESTRAL', yearly: 'ANUAL' } as const;
const RECURRENCE_STATUSES: readonly RecurrenceStatus[] = [
  'CRIADA',
  'APROVADA',
  'REJEITADA',
  'CANCELADA',
  'EXPIRADA',
];
const dateIn = (d: Date) => todayIn(BUSINESS_TIME_ZONE, d);

/** What the subscriptions module asks for with POST /subscribe/plan?automatic=true. */
export interface RecurrenceRequest {
  /** The first period's immediate charge, just opened (Jornada 3). */
  charge: ChargeRow;
  workspace: { id: string; username: string };
  payer: { userId: string; cpf: string; name: string };
  /** Our subscription's id (`vinculo.contrato`): a first subscription is made with it. */
  contractId: string;
  /** When the first debit falls (`calendario.dataInicial`). */
  firstDebit: Date;
  /** `vinculo.objeto`. */
  description: string;
}

/** POST /subscribe/plan?automatic=true, after the first period's charge was opened. */
export async function authorizeRecurrence(
  ctx: AppContext,
  input: RecurrenceRequest,
): Promise<{ idRec: string; status: RecurrenceStatus; paymentSpecs: string }> {
  const { charge, workspace: ws, payer } = input;
  const { planId, planType } = charge;
  if (!planId || !planType) throw new Error('recorrência Pix Automático sem plano');
  const connection = await findConnectedConnection(ctx.db, ws.id);
  if (!offersAutomatic(connection)) throw new AppError('AUTOMATIC_RENEWAL_UNAVAILABLE');
  const live = await findLiveRecurrenceOfPayer(ctx.db, ws.id, payer.userId);
  if (live?.status === 'APROVADA')
    throw new AppError(
      'AUTOMATIC_RENEWAL_UNAVAILABLE',
      'Você já tem a renovação automática ativa neste perfil.',
    );
  // the authorizations this one replaces end first, at the PSP too: a fan who approved an
  // older code in the bank app as well would be debited twice
  await cancelSupersededRecurrences(ctx, ws.id, payer.userId);
  const now = ctx.clock.now();
  const client = connectionClient(ctx, connection);
  try {
    const loc = await client.call<{ id: number; location: string }>('POST', '/locrec');
    const rec = await client.call<{ idRec: string; status: string }>('POST', '/rec', {
      body: {
        vinculo: {
          contrato: input.contractId.replace(/-/g, ''),
          devedor: { cpf: payer.cpf, nome: payer.name.slice(0, 140) },
          objeto: input.description.slice(0, 35),
        },
        calendario: {
          dataInicial: dateIn(input.firstDebit),
          periodicidade: PERIODICITY[planType],
        },
        valor: { valorRec: centsToDecimalString(charge.valueCents) },
        politicaRetentativa: 'NAO_PERMITE',
        loc: loc.body.id,
        ativacao: { dadosJornada: { txid: charge.txid } },
      },
    });
    const idRec = rec.body.idRec;
    const read = await client.call<{
      status: string;
      loc?: { location?: string };
      dadosQR?: { pixCopiaECola?: string };
    }>('GET', `/rec/${encodeURIComponent(idRec)}`, { query: { txid: charge.txid } });
    const paymentSpecs = compositeCode(read.body, charge, loc.body.location);
    const status = asRecurrenceStatus(read.body.status) ?? 'CRIADA';
    await insertRecurrence(ctx.db, {
      subscriptionId: input.contractId,
      workspaceId: ws.id,
      payerId: payer.userId,
      planId,
      connectionId: connection.id,
      idRec,
      status,
      firstChargeId: charge.id,
      valueCents: charge.valueCents,
      createdAt: now,
      updatedAt: now,
    });
    await setChargePaymentSpecs(ctx.db, charge.id, paymentSpecs);
    return { idRec, status, paymentSpecs };
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.logger.error({ err, chargeId: charge.id }, 'Pix Automático: recorrência não criada no PSP');
    throw providerError();
  }
}

/**
 * Ends (PATCH /rec CANCELADA at its PSP, then here, cancelled_by 'superseded') the payer's
 * authorizations in the workspace that were never approved (CRIADA): a new one replaces them.
 * A PSP that refuses because it is over already counts as done; one that does not answer
 * stops the new authorization (nothing is asked of the PSP for it), to be tried again.
 */
async function cancelSupersededRecurrences(ctx: AppContext, workspaceId: string, payerId: string) {
  const connections = new Map<string, PixConnectionRow | null>();
  let after: string | null = null;
  for (;;) {
    const batch = await listLiveRecurrences(ctx.db, { payerId }, after, CANCEL_BATCH);
    for (const rec of batch) {
      if (rec.workspaceId !== workspaceId || rec.status !== 'CRIADA') continue;
      const id = rec.connectionId;
      if (id && !connections.has(id)) connections.set(id, await findConnectionById(ctx.db, id));
      const connection = id ? connections.get(id) : null;
      try {
        if (connection?.secrets)
          await connectionClient(ctx, connection).call(
            'PATCH',
            `/rec/${encodeURIComponent(rec.idRec)}`,
            { body: { status: 'CANCELADA' } },
          );
      } catch (err) {
        if (!(err instanceof PspError && err.failure === 'refused' && (err.status ?? 0) < 500)) {
          ctx.logger.warn(
            { err: err instanceof PspError ? err.message : err, idRec: rec.idRec },
            'Pix Automático: autorização substituída não cancelada no PSP',
          );
          throw providerError();
        }
      }
      await setRecurrenceStatus(ctx.db, rec.id, {
        status: 'CANCELADA',
        cancelledBy: 'superseded',
        now: ctx.clock.now(),
      });
    }
    if (batch.length < CANCEL_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

/** The PSP's composite code (dadosQR), checked; or one built from both locations. */
function compositeCode(
  rec: { loc?: { location?: string }; dadosQR?: { pixCopiaECola?: string } },
  charge: ChargeRow,
  recLocation: string,
): string {
  const given = rec.dadosQR?.pixCopiaECola;
  if (given) {
    const decoded = decodeBrCode(given);
    if (!decoded.recurrence) throw new BrCodeError('NOT_COMPOSITE', 'dadosQR without field 80');
    if (decoded.amountCents !== null && decoded.amountCents !== charge.valueCents)
      throw new BrCodeError('AMOUNT_MISMATCH', 'composite code with another amount');
    return given;
  }
  const cob = decodeBrCode(charge.paymentSpecs);
  return encodeBrCode({
    url: charge.location ?? cob.merchantAccount.url ?? undefined,
    amountCents: charge.valueCents,
    merchantName: cob.merchantName.slice(0, 25),
    merchantCity: cob.merchantCity.slice(0, 15),
    recurrenceUrl: (rec.loc?.location ?? recLocation).replace(/^[a-z]+:\/\//i, ''),
  });
}

const asRecurrenceStatus = (s: string | undefined) =>
  RECURRENCE_STATUSES.find((x) => x === s) ?? null;

// ---- notifications -------------------------------------------------------------------------

/** `{webhookUrl}/rec`: a recurrence's new status (approved, refused, cancelled, expired). */
export async function applyRecNotification(
  ctx: AppContext,
  connection: PixConnectionRow,
  item: z.infer<typeof PixRecWebhookItem>,
): Promise<boolean> {
  const rec = await findRecurrenceByIdRec(ctx.db, item.idRec);
  const status = asRecurrenceStatus(item.status);
  if (!rec || rec.workspaceId !== connection.workspaceId || !status) {
    ctx.logger.warn(
      { connectionId: connection.id, idRec: item.idRec, status: item.status },
      'Pix Automático: notificação de recorrência desconhecida ignorada',
    );
    return false;
  }
  const solicitante = (item as { encerramento?: { cancelamento?: { solicitante?: string } } })
    .encerramento?.cancelamento?.solicitante;
  const cancelledBy =
    status !== 'CANCELADA'
      ? undefined
      : solicitante === 'USUARIO_PAGADOR'
        ? 'payer_bank'
        : solicitante === 'USUARIO_RECEBEDOR'
          ? 'fan'
          : 'psp';
  const moved = await setRecurrenceStatus(ctx.db, rec.id, {
    status,
    cancelledBy: rec.cancelledBy ?? cancelledBy,
    now: ctx.clock.now(),
  });
  return Boolean(moved);
}

export type DebitOutcome = 'settled' | 'failed' | 'ignored' | 'duplicate' | 'pending';

/**
 * `{webhookUrl}/cobr`: a recurring debit settled (CONCLUIDA with its Pix) is
 * recorded as a paid charge and granted like one, once (the debit moves out of
 * its open state in the same transaction, and the Pix's endToEndId is recorded
 * once); a refused or expired one answers 'failed' (the caller e-mails the fan
 * a manual charge), once.
 */
export async function applyCobrNotification(
  ctx: AppContext,
  connection: PixConnectionRow,
  item: z.infer<typeof PixCobrWebhookItem>,
): Promise<{ outcome: DebitOutcome; debit?: RecurringChargeRow }> {
  // a debit whose POST /cobr answer was lost is known to us by its recurrence only
  const found =
    (await findRecurringChargeByTxid(ctx.db, item.txid)) ??
    (await adoptUnansweredClaim(ctx, connection, item));
  if (!found || found.recurrence.workspaceId !== connection.workspaceId) {
    ctx.logger.warn(
      { connectionId: connection.id, txid: item.txid, status: item.status },
      'Pix Automático: notificação de cobrança recorrente desconhecida ignorada',
    );
    return { outcome: 'ignored' };
  }
  const { charge: debit, recurrence } = found;
  const now = ctx.clock.now();
  if (item.status === 'REJEITADA' || item.status === 'EXPIRADA' || item.status === 'CANCELADA') {
    const closed = await closeRecurringCharge(ctx.db, debit.id, {
      status: item.status as RecurringChargeStatus,
      now,
    });
    if (!closed) return { outcome: 'duplicate' };
    return { outcome: item.status === 'CANCELADA' ? 'ignored' : 'failed', debit: closed };
  }
  const pix = item.pix?.[0];
  if (item.status !== 'CONCLUIDA' || !pix) return { outcome: 'pending' };
  const amountCents = decimalStringToCents(pix.valor);
  const gated = await ageGateBlocks(ctx, recurrence.workspaceId, recurrence.payerId);
  // the debit is for the plan of the recurrence's first charge
  const first = recurrence.firstChargeId
    ? await findChargeById(ctx.db, recurrence.firstChargeId)
    : null;
  if (!first) {
    ctx.logger.error({ recurrenceId: recurrence.id }, 'Pix Automático: recorrência sem cobrança');
    return { outcome: 'ignored' };
  }
  const settled = await ctx.db.transaction(async (tx) => {
    const fresh = await insertNotification(tx, {
      endToEndId: pix.endToEndId,
      provider: 'psp',
      connectionId: connection.id,
      workspaceId: connection.workspaceId,
      txid: item.txid,
      amountCents: amountCents ?? 0,
      paidAt: Number.isNaN(Date.parse(pix.horario)) ? now : new Date(pix.horario),
      outcome: 'ignored',
      reason: 'processing',
      receivedAt: now,
    });
    if (!fresh) return null;
    // a debit the fan's bank settled is money received: it becomes a paid charge
    const paid = await insertPaidCharge(tx, {
      workspaceId: recurrence.workspaceId,
      payerId: recurrence.payerId,
      planId: recurrence.planId,
      planType: first.planType,
      kind: first.kind,
      itemId: first.itemId,
      valueCents: debit.valueCents,
      txid: item.txid,
      paymentSpecs: '',
      provider: 'psp',
      connectionId: connection.id,
      expiresAt: now,
      paidAt: now,
      endToEndId: pix.endToEndId,
      renewalOf: recurrence.subscriptionId,
      createdAt: now,
    });
    const grant = paid && !gated && amountCents === debit.valueCents;
    await closeRecurringCharge(tx, debit.id, { status: 'CONCLUIDA', now, chargeId: paid?.id });
    if (grant) await settlePaidCharge(ctx, tx, now, paid);
    await settleNotification(tx, pix.endToEndId, {
      outcome: grant ? 'applied' : 'ignored',
      reason: grant
        ? null
        : gated
          ? 'age_verification_required'
          : amountCents !== debit.valueCents
            ? 'amount_mismatch'
            : 'already_paid',
      chargeId: paid?.id ?? (await findChargeByTxid(tx, item.txid))?.id ?? null,
    });
    return grant ? 'settled' : 'ignored';
  });
  return { outcome: settled ?? 'duplicate', debit };
}

/**
 * A refused or expired debit: the module that sold the recurrence's subscription
 * offers the fan another way to pay (a manual Pix charge by e-mail), remembered on
 * the debit.
 */
export async function offerInsteadOfDebit(ctx: AppContext, debit: RecurringChargeRow) {
  const recurrence = await findRecurrenceById(ctx.db, debit.recurrenceId);
  const offer = ctx.chargeKinds.subscription?.recurringDebitFailed;
  const chargeId = recurrence && offer ? await offer(ctx, recurrence.subscriptionId) : null;
  if (chargeId) await setFallbackCharge(ctx.db, debit.id, chargeId);
}

/** The recurrence's claim still waiting for its txid takes the notified debit's. */
async function adoptUnansweredClaim(
  ctx: AppContext,
  connection: PixConnectionRow,
  item: z.infer<typeof PixCobrWebhookItem>,
) {
  const open = await findUnansweredClaimOf(ctx.db, item.idRec);
  if (!open || open.recurrence.connectionId !== connection.id) return null;
  await setRecurringChargeScheduled(ctx.db, open.charge.id, {
    txid: item.txid,
    status: 'CRIADA',
    now: ctx.clock.now(),
  });
  return findRecurringChargeByTxid(ctx.db, item.txid);
}

// ---- the renewal sweep ---------------------------------------------------------------------

const SCHEDULE_BATCH = 100;
/** How long a claim's call to the PSP may be out before a sweep asks the PSP about it. */
const CLAIM_LEASE_MS = 2 * 60_000;

type CobrAnswer = { txid: string; status: string; calendario?: { dataDeVencimento?: string } };

/** A period to debit, found by the subscriptions' renewal sweep (its period end is the clock). */
export interface DueDebit {
  recurrenceId: string;
  /** The end of the period the debit renews. */
  periodEnd: Date;
  payerId: string;
}

/**
 * Schedules the debits of the periods the renewal sweep found due (approved
 * recurrences whose subscription ends within PIX_AUTOMATIC_LEAD_DAYS and has
 * no debit for that end yet) with POST /cobr, once per period: the debit is
 * claimed by its unique (recurrence, period end) row before the PSP is
 * called. A call that fails keeps its claim: the PSP may have created the
 * debit and lost its answer, and Banco Central refuses a second one for the
 * same cycle, so a later sweep first asks the PSP (GET /cobr?idRec=) for the
 * debit of that due date and adopts it, and only asks for a new one when there
 * is none. Answers how many were scheduled.
 */
export async function scheduleRecurringDebits(
  ctx: AppContext,
  due: readonly DueDebit[],
): Promise<number> {
  const now = ctx.clock.now();
  let scheduled = 0;
  const unanswered = await takeUnansweredDebitClaims(
    ctx.db,
    now,
    new Date(now.getTime() - CLAIM_LEASE_MS),
    SCHEDULE_BATCH,
  );
  for (const claim of unanswered) {
    const recurrence = await findRecurrenceById(ctx.db, claim.recurrenceId);
    const connection = recurrence?.connectionId
      ? await findConnectionById(ctx.db, recurrence.connectionId)
      : null;
    if (recurrence?.status !== 'APROVADA' || connection?.status !== 'connected') {
      await dropRecurringChargeClaim(ctx.db, claim.id);
      continue;
    }
    if (await requestDebit(ctx, { claim, recurrence, connection, mayExist: true })) scheduled++;
  }
  for (const { recurrenceId, periodEnd, payerId } of due) {
    const recurrence = await findRecurrenceById(ctx.db, recurrenceId);
    const connection = recurrence?.connectionId
      ? await findConnectionById(ctx.db, recurrence.connectionId)
      : null;
    if (recurrence?.status !== 'APROVADA' || connection?.status !== 'connected') continue;
    if (await ageGateBlocks(ctx, recurrence.workspaceId, payerId)) continue;
    if (!connection.receivingAccount) continue;
    const claim = await claimRecurringCharge(ctx.db, {
      recurrenceId: recurrence.id,
      periodEnd,
      valueCents: recurrence.valueCents,
      dueDate: dateIn(periodEnd),
      now,
    });
    if (!claim) continue;
    if (await requestDebit(ctx, { claim, recurrence, connection, mayExist: false })) scheduled++;
  }
  return scheduled;
}

/**
 * The PSP's debit for one claim: the one it already holds for the claim's due
 * date when an earlier call may have created it (`mayExist`), else a new one
 * (POST /cobr). False when the PSP could not be reached or refused: the claim
 * stays for a later sweep.
 */
async function requestDebit(
  ctx: AppContext,
  input: {
    claim: RecurringChargeRow;
    recurrence: PixRecurrenceRow;
    connection: PixConnectionRow;
    mayExist: boolean;
  },
): Promise<boolean> {
  const { claim, recurrence, connection } = input;
  const account = connection.receivingAccount;
  if (!account) return false;
  const client = connectionClient(ctx, connection);
  const now = ctx.clock.now();
  try {
    let debit: CobrAnswer | undefined;
    if (input.mayExist) {
      const held = await client.call<{ cobsr?: CobrAnswer[] }>('GET', '/cobr', {
        query: {
          inicio: addDays(claim.createdAt, -1).toISOString(),
          fim: addDays(now, 1).toISOString(),
          idRec: recurrence.idRec,
        },
      });
      debit = held.body.cobsr?.find(
        (c) =>
          c.calendario?.dataDeVencimento === claim.dueDate &&
          c.status !== 'REJEITADA' &&
          c.status !== 'CANCELADA',
      );
    }
    debit ??= (
      await client.call<CobrAnswer>('POST', '/cobr', {
        body: {
          idRec: recurrence.idRec,
          calendario: { dataDeVencimento: claim.dueDate },
          valor: { original: centsToDecimalString(claim.valueCents) },
          ajusteDiaUtil: true,
          recebedor: {
            ...(account.branch ? { agencia: account.branch } : {}),
            conta: account.number,
            tipoConta: account.type,
          },
        },
      })
    ).body;
    await setRecurringChargeScheduled(ctx.db, claim.id, {
      txid: debit.txid,
      status: (debit.status as RecurringChargeStatus) || 'CRIADA',
      now,
    });
    return true;
  } catch (err) {
    ctx.logger.warn(
      { err: err instanceof PspError ? err.message : err, recurrenceId: recurrence.id },
      'Pix Automático: débito não agendado; a próxima rotina consulta o PSP e tenta de novo',
    );
    return false;
  }
}

// ---- the fan cancels -----------------------------------------------------------------------

/**
 * DELETE /subscriptions/{id}/recurrence: the payer ends the live recurrence of their
 * subscription (`contractId`) with PATCH /rec CANCELADA. 404 unless it is theirs and live.
 */
export async function cancelRecurrence(
  ctx: AppContext,
  input: { contractId: string; payerId: string },
): Promise<void> {
  const rec = await findLatestRecurrence(ctx.db, input.contractId);
  if (
    !rec ||
    rec.payerId !== input.payerId ||
    (rec.status !== 'APROVADA' && rec.status !== 'CRIADA')
  )
    throw new AppError('RECURRENCE_NOT_FOUND');
  const connection = rec.connectionId ? await findConnectionById(ctx.db, rec.connectionId) : null;
  if (!connection) throw new AppError('RECURRENCE_NOT_FOUND');
  try {
    await connectionClient(ctx, connection).call('PATCH', `/rec/${encodeURIComponent(rec.idRec)}`, {
      body: { status: 'CANCELADA' },
    });
  } catch (err) {
    ctx.logger.error({ err, idRec: rec.idRec }, 'Pix Automático: cancelamento recusado pelo PSP');
    throw new AppError(
      'PIX_PROVIDER_ERROR',
      'Não foi possível cancelar a renovação automática agora. Tente novamente em instantes.',
    );
  }
  await setRecurrenceStatus(ctx.db, rec.id, {
    status: 'CANCELADA',
    cancelledBy: 'fan',
    now: ctx.clock.now(),
  });
}

const CANCEL_BATCH = 50;

/**
 * Ends at the PSP (PATCH /rec CANCELADA) and here the live recurrences a creator's ended
 * connection ('creator') or a deleted account ('account_deleted') leaves, in batches, through
 * each one's connection (connected, or ended with its secrets not yet erased). A PSP that
 * refuses because it is over already counts as done. Answers how many the PSP did not cancel
 * (no answer, or no connection to ask); those stay live here, for the caller to try again.
 */
export async function cancelLiveRecurrences(
  ctx: AppContext,
  by: { connectionId: string } | { payerId: string },
  cancelledBy: 'creator' | 'account_deleted',
): Promise<number> {
  let failed = 0;
  let after: string | null = null;
  const connections = new Map<string, PixConnectionRow | null>();
  for (;;) {
    const batch = await listLiveRecurrences(ctx.db, by, after, CANCEL_BATCH);
    for (const rec of batch) {
      const id = rec.connectionId;
      if (id && !connections.has(id)) connections.set(id, await findConnectionById(ctx.db, id));
      const connection = id ? connections.get(id) : null;
      try {
        if (!connection?.secrets) throw new Error('sem conexão para consultar');
        await connectionClient(ctx, connection).call(
          'PATCH',
          `/rec/${encodeURIComponent(rec.idRec)}`,
          { body: { status: 'CANCELADA' } },
        );
      } catch (err) {
        // a 4xx: the PSP holds it ended (or never held it); anything else is tried again
        if (!(err instanceof PspError && err.failure === 'refused' && (err.status ?? 0) < 500)) {
          failed++;
          ctx.logger.warn(
            { err: err instanceof PspError ? err.message : err, idRec: rec.idRec, cancelledBy },
            'Pix Automático: recorrência não cancelada no PSP',
          );
          continue;
        }
      }
      await setRecurrenceStatus(ctx.db, rec.id, {
        status: 'CANCELADA',
        cancelledBy,
        now: ctx.clock.now(),
      });
    }
    if (batch.length < CANCEL_BATCH) return failed;
    after = batch[batch.length - 1]!.id;
  }
}

/** Whether the subscription renews by itself (an approved recurrence at a connected PSP). */
export async function renewsAutomatically(ctx: AppContext, subscriptionId: string) {
  const rec = await findLatestRecurrence(ctx.db, subscriptionId);
  if (rec?.status !== 'APROVADA' || !rec.connectionId) return false;
  const connection = await findConnectionById(ctx.db, rec.connectionId);
  return connection?.status === 'connected';
}
