import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChargeBody,
  MyRenewal,
  PaymentInfo,
  SubscribePlanBody,
  SubscribePlanQuery,
  SubscriptionParams,
  SubscribersQuery,
  SubscribersResponse,
  SubscriptionsQuery,
  SubscriptionsResponse,
  WorkspaceParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  cancelAutomaticRenewal,
  exportSubscribersCsv,
  listMySubscriptions,
  listSubscribers,
} from './subscriptions.service';
import { chargeForPlan, subscribeToPlan } from './subscribe.service';

/** Subscribing to a plan, the caller's subscriptions and a workspace's subscribers (list and CSV). */
export function subscriptionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.subscribePlan,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Assinar um plano: abre (ou reaproveita) a cobrança Pix',
          description:
            'Responde o valor a pagar (valor menos desconto) e o Pix copia e cola. ' +
            'Uma cobrança pendente e válida do mesmo plano é reaproveitada. Com automatic=true ' +
            '(Pix Automático, só quando o perfil tem conta conectada com recorrências e conta de ' +
            'recebimento) o corpo traz { cpf, name } do pagador e a resposta o BR Code composto ' +
            '(paga o primeiro período e autoriza os próximos) e recurrence { id, status }. Sem o ' +
            'parâmetro, uma cobrança aberta de Pix Automático é respondida de novo com recurrence; ' +
            'automatic=false pede um Pix avulso mesmo assim.',
          querystring: SubscribePlanQuery,
          body: SubscribePlanBody.nullish(),
          response: { 200: PaymentInfo, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) =>
        subscribeToPlan(ctx, request.actor, request.query, request.body ?? undefined),
    );

    app.post(
      paths.subscriptionCharge,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Abrir (ou reaproveitar) a cobrança Pix de um plano pelo id',
          body: ChargeBody,
          response: { 200: PaymentInfo, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) => chargeForPlan(ctx, request.actor, request.body.plan),
    );

    app.get(
      paths.subscriptions,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Minhas assinaturas (paginadas) e cobranças em aberto',
          description:
            'Paginação a partir de page=0, size padrão 20 (máximo 100); total conta as assinaturas. ' +
            'pending_charges traz as cobranças em aberto mais recentes (no máximo 100).',
          querystring: SubscriptionsQuery,
          response: { 200: SubscriptionsResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => listMySubscriptions(ctx, request.actor, request.query),
    );

    app.delete(
      paths.subscriptionRecurrence,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Cancelar a renovação automática (Pix Automático) de uma assinatura minha',
          description:
            'PATCH /rec/{idRec} para CANCELADA no PSP. A assinatura continua ativa até o fim ' +
            'do período pago.',
          params: SubscriptionParams,
          response: { 200: MyRenewal, ...errorResponses(400, 401, 404, 502) },
        },
      },
      async (request) => cancelAutomaticRenewal(ctx, request.actor, request.params.id),
    );

    app.get(
      paths.subscribers,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Assinantes ativos (proprietário e membros)',
          params: WorkspaceParams,
          querystring: SubscribersQuery,
          response: { 200: SubscribersResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listSubscribers(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      paths.subscribersExport,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Exportar os assinantes ativos em CSV (proprietário e membros)',
          params: WorkspaceParams,
          produces: ['text/csv'],
          response: {
            // a stream (never serialized): CSV, UTF-8 with BOM, pt-BR header
            200: z.unknown().meta({ description: 'CSV (UTF-8 com BOM), cabeçalho em português' }),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const csv = await exportSubscribersCsv(ctx, request.actor, request.params.ws);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="assinantes.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
