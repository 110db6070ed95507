import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChargeBody,
  ChargeDetail,
  ChargeParams,
  ChargesQuery,
  ChargesResponse,
  ConfirmChargeResponse,
  PaymentInfo,
  PixSettings,
  PixSettingsBody,
  Plan,
  PlanBody,
  PlansQuery,
  PlansResponse,
  SubscribePlanQuery,
  SubscribersQuery,
  SubscribersResponse,
  SubscriptionsResponse,
  Uuid,
  WorkspaceParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { optionalAuth, requireAuth } from '../../plugins/auth';
import { bearerSecurity } from '../../plugins/openapi';
import {
  chargeForPlan,
  confirmCharge,
  getCharge,
  listCharges,
  subscribeToPlan,
} from './charges.service';
import { getPixSettings, putPixSettings } from './pix-settings.service';
import { getPlansByUsername, savePlan } from './plans.service';
import {
  exportSubscribersCsv,
  listMySubscriptions,
  listSubscribers,
} from './subscriptions.service';

const IdParams = z.object({ id: Uuid });

/** Plans, Pix receiving data, charges, subscriptions and subscribers. */
export function subscriptionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.workspacePix,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Dados do Pix para recebimento (proprietário e membros)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: PixSettings, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getPixSettings(ctx, request.actor, request.params.id),
    );

    app.put(
      paths.workspacePix,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Cadastrar ou alterar os dados do Pix (somente o proprietário)',
          description:
            'Chave validada pelo tipo (cpf, cnpj, email, phone em +55DDDNÚMERO, random = UUID v4). ' +
            'Nome e cidade são gravados sem acentos e devem caber no BR Code (25 e 15 caracteres).',
          security: bearerSecurity,
          params: IdParams,
          body: PixSettingsBody,
          response: { 200: PixSettings, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => putPixSettings(ctx, request.actor, request.params.id, request.body),
    );

    app.post(
      paths.workspacePlan,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Definir o preço e o desconto de um plano (somente o proprietário)',
          description:
            'Um plano por tipo (plan_type, padrão quarterly). value em reais com até duas casas, ' +
            'até R$ 10.000,00; discount inteiro de 0 a 100. Exige os dados do Pix (409 PIX_NOT_CONFIGURED).',
          security: bearerSecurity,
          params: IdParams,
          body: PlanBody,
          response: { 200: Plan, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => savePlan(ctx, request.actor, request.params.id, request.body),
    );

    app.get(
      paths.plans,
      {
        preHandler: optionalAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Planos de um perfil (e, para quem entrou, se assina e a cobrança em aberto)',
          querystring: PlansQuery,
          response: { 200: PlansResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getPlansByUsername(ctx, request.actor, request.query.username),
    );

    app.post(
      paths.subscribePlan,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Assinar um plano: abre (ou reaproveita) a cobrança Pix',
          description:
            'Responde o valor a pagar (valor menos desconto) e o Pix copia e cola. ' +
            'Uma cobrança pendente e válida do mesmo plano é reaproveitada.',
          security: bearerSecurity,
          querystring: SubscribePlanQuery,
          response: { 200: PaymentInfo, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) => subscribeToPlan(ctx, request.actor, request.query),
    );

    app.post(
      paths.subscriptionCharge,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Abrir (ou reaproveitar) a cobrança Pix de um plano pelo id',
          security: bearerSecurity,
          body: ChargeBody,
          response: { 200: PaymentInfo, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) => chargeForPlan(ctx, request.actor, request.body.plan),
    );

    app.get(
      paths.subscriptions,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Minhas assinaturas e cobranças em aberto',
          security: bearerSecurity,
          response: { 200: SubscriptionsResponse, ...errorResponses(401) },
        },
      },
      async (request) => listMySubscriptions(ctx, request.actor),
    );

    app.get(
      paths.charges,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Cobranças do espaço de trabalho (proprietário e membros)',
          description: 'Paginação a partir de page=0, size padrão 20 (máximo 100).',
          security: bearerSecurity,
          params: WorkspaceParams,
          querystring: ChargesQuery,
          response: { 200: ChargesResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listCharges(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      paths.charge,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Uma cobrança (proprietário, membros ou quem paga)',
          security: bearerSecurity,
          params: ChargeParams,
          response: { 200: ChargeDetail, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getCharge(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.post(
      paths.chargeConfirm,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Confirmar o recebimento de uma cobrança (somente o proprietário)',
          description:
            'Marca a cobrança como paga e ativa ou estende a assinatura. ' +
            'Uma cobrança já paga responde 409 CHARGE_ALREADY_PAID.',
          security: bearerSecurity,
          params: ChargeParams,
          response: { 200: ConfirmChargeResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => confirmCharge(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.get(
      paths.subscribers,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Assinantes ativos (proprietário e membros)',
          security: bearerSecurity,
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
        preHandler: requireAuth,
        schema: {
          tags: ['subscriptions'],
          summary: 'Exportar os assinantes ativos em CSV (proprietário e membros)',
          security: bearerSecurity,
          params: WorkspaceParams,
          produces: ['text/csv'],
          response: {
            200: z.string().meta({ description: 'CSV (UTF-8 com BOM), cabeçalho em português' }),
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
