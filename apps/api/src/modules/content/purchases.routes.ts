import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargeDetail,
  ContentItemParams,
  PurchasesQuery,
  PurchasesResponse,
  errorResponses,
  salesPaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { listMyPurchases, purchasePost } from './purchases.service';

const tags = ['content'];

/** Pay-per-view posts: buying one, and the buyer's 'Minhas compras'. */
export function purchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      salesPaths.contentPurchase,
      {
        schema: {
          tags,
          summary: 'Comprar um post com preço (assinante ativo): abre a cobrança Pix',
          description:
            '201 com a cobrança nova; 200 com a cobrança pendente do mesmo post, pedida de novo; ' +
            '409 ALREADY_PURCHASED para quem já comprou; 400 NOT_FOR_SALE para post sem preço ' +
            'ou para a equipe; 403 SUBSCRIPTION_REQUIRED para quem não assina; 429 com Retry-After.',
          params: ContentItemParams,
          response: {
            200: ChargeDetail,
            201: ChargeDetail,
            ...errorResponses(400, 401, 403, 404, 409, 429, 502),
          },
        },
      },
      async (request, reply) => {
        const { charge, created } = await purchasePost(
          ctx,
          request.actor,
          request.params.ws,
          request.params.id,
        );
        return reply.status(created ? 201 : 200).send(charge);
      },
    );

    app.get(
      salesPaths.purchases,
      {
        schema: {
          tags,
          summary: 'Minhas compras: posts comprados, mais novos primeiro (paginação a partir de 0)',
          querystring: PurchasesQuery,
          response: { 200: PurchasesResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => listMyPurchases(ctx, request.actor, request.query),
    );
  };
}
