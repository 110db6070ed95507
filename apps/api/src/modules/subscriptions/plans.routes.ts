import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Plan,
  PlanBody,
  PlansQuery,
  PlansResponse,
  errorResponses,
  paths,
  Uuid,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { getPlansByUsername, savePlan } from './plans.service';

const IdParams = z.object({ id: Uuid });

/** A workspace's plans; a profile's plans. */
export function planRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.workspacePlan,
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Definir o preço e o desconto de um plano (somente o proprietário)',
          description:
            'Um plano por tipo (plan_type, padrão quarterly). value em reais com até duas casas, ' +
            'até R$ 10.000,00; discount inteiro de 0 a 100. Exige os dados do Pix (409 PIX_REQUIRED).',
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
        config: { access: 'optional' },
        schema: {
          tags: ['subscriptions'],
          summary: 'Planos de um perfil (e, para quem entrou, se assina e a cobrança em aberto)',
          querystring: PlansQuery,
          response: { 200: PlansResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getPlansByUsername(ctx, request.actor, request.query.username),
    );
  };
}
