import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MessageBody,
  PushEndpointQuery,
  PushPublicKey,
  PushSubscriptionBody,
  PushSubscriptionCreated,
  SubscriptionNotifications,
  SubscriptionParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  getPushPublicKey,
  getSubscriptionNotifications,
  putSubscriptionNotifications,
  registerPushSubscription,
  unregisterPushSubscription,
} from './notifications.service';

/** A fan's new-post notification switches, per subscription; the browsers' Web Push registrations. */
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

    app.get(
      paths.pushPublicKey,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Chave pública VAPID do servidor (Web Push)',
          response: { 200: PushPublicKey, ...errorResponses(401, 503) },
        },
      },
      async () => getPushPublicKey(ctx),
    );

    app.post(
      paths.pushSubscriptions,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Registrar este navegador para notificações no aparelho',
          description:
            'O endpoint deve ser https num serviço de push conhecido (PUSH_SERVICE_HOSTS). ' +
            'Um endpoint já registrado passa para quem o registra agora.',
          body: PushSubscriptionBody,
          response: { 201: PushSubscriptionCreated, ...errorResponses(400, 401, 503) },
        },
      },
      async (request, reply) => {
        const created = await registerPushSubscription(ctx, request.actor, request.body);
        return reply.code(201).send(created);
      },
    );

    app.delete(
      paths.pushSubscriptions,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Cancelar as notificações deste navegador',
          querystring: PushEndpointQuery,
          response: { 200: MessageBody, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await unregisterPushSubscription(ctx, request.actor, request.query.endpoint);
        return { message: 'Notificações desativadas neste navegador.' };
      },
    );
  };
}
