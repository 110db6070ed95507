import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SubscriptionNotifications,
  SubscriptionParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  getSubscriptionNotifications,
  putSubscriptionNotifications,
} from './notifications.service';

/** A fan's new-post notification switches, per subscription. */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.subscriptionNotifications,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Avisos de novas publicações de uma assinatura minha (e-mail e push)',
          description:
            'Sem escolha gravada, ambos ligados. A assinatura de outra pessoa responde 404.',
          params: SubscriptionParams,
          response: { 200: SubscriptionNotifications, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getSubscriptionNotifications(ctx, request.actor, request.params.id),
    );

    app.put(
      paths.subscriptionNotifications,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Ligar ou desligar os avisos de novas publicações de uma assinatura minha',
          description:
            'E-mail: no máximo um por hora por perfil; várias publicações nesse tempo vão juntas.',
          params: SubscriptionParams,
          body: SubscriptionNotifications,
          response: { 200: SubscriptionNotifications, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        putSubscriptionNotifications(ctx, request.actor, request.params.id, request.body),
    );
  };
}
