import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargeDetail,
  ChargeParams,
  ChargesQuery,
  ChargesResponse,
  ConfirmChargeResponse,
  PaymentReview,
  PaymentReviewParams,
  PaymentReviewsQuery,
  PaymentReviewsResponse,
  PixRefund,
  WorkspaceParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { confirmCharge, getCharge, listCharges } from './charges.service';
import { getPaymentReviews, refundPayment, resolvePaymentReview } from './payment-reviews.service';

/** A workspace's charges, their confirmation, payments to review and their refunds. */
export function chargeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.charges,
      {
        schema: {
          tags: ['payments'],
          summary: 'Cobranças do espaço de trabalho (proprietário e membros)',
          description:
            'Paginação a partir de page=0, size padrão 20 (máximo 100). status e kind ' +
            '(subscription, post, message, tip) filtram.',
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
        schema: {
          tags: ['payments'],
          summary: 'Uma cobrança (proprietário, membros ou quem paga)',
          params: ChargeParams,
          response: { 200: ChargeDetail, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getCharge(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.post(
      paths.chargeConfirm,
      {
        schema: {
          tags: ['payments'],
          summary: 'Confirmar o recebimento de uma cobrança (somente o proprietário)',
          description:
            'Marca a cobrança como paga e ativa ou estende a assinatura. ' +
            'Uma cobrança já paga responde 409 CHARGE_ALREADY_PAID.',
          params: ChargeParams,
          response: { 200: ConfirmChargeResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => confirmCharge(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.post(
      paths.chargeRefund,
      {
        schema: {
          tags: ['payments'],
          summary: 'Devolver um pagamento a revisar pelo PSP (somente o proprietário)',
          description:
            '`id` é o id do pagamento a revisar (o endToEndId do Pix), também de um Pix da conta ' +
            'conectada sem cobrança. PUT /pix/{e2eid}/devolucao/{id} no PSP que o recebeu; ' +
            'aceita, a devolução é lançada no livro-caixa (entrada e saída na conta Pix) e o ' +
            'pagamento fica resolvido. Uma devolução por pagamento.',
          params: PaymentReviewParams,
          response: { 200: PixRefund, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) => refundPayment(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.get(
      paths.paymentReviews,
      {
        schema: {
          tags: ['payments'],
          summary: 'Pagamentos a revisar: Pix recebidos que não liberaram nada (proprietário)',
          description:
            'Um segundo Pix da mesma cobrança, um valor diferente ou o Pix de uma cobrança ' +
            'cancelada. status=open (padrão) ou resolved; paginação a partir de page=0.',
          params: WorkspaceParams,
          querystring: PaymentReviewsQuery,
          response: { 200: PaymentReviewsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getPaymentReviews(ctx, request.actor, request.params.ws, request.query),
    );

    app.post(
      paths.paymentReviewResolve,
      {
        schema: {
          tags: ['payments'],
          summary: 'Marcar um pagamento a revisar como resolvido (proprietário)',
          params: PaymentReviewParams,
          response: { 200: PaymentReview, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        resolvePaymentReview(ctx, request.actor, request.params.ws, request.params.id),
    );
  };
}
