import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargeDetail,
  ChatWorkspaceParams,
  TipBody,
  TipsQuery,
  TipsResponse,
  WorkspaceTipsQuery,
  errorResponses,
  salesPaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { listTips, sendTip } from './tips.service';

const tags = ['tips'];

/** Tips: sending one (a Pix charge) and the workspace's 'Gorjetas'. */
export function tipsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      salesPaths.tips,
      {
        schema: {
          tags,
          summary: 'Enviar uma gorjeta a um criador: abre a cobrança Pix (201)',
          description:
            'Qualquer pessoa com sessão, menos a equipe do perfil (400 CANNOT_TIP_OWN_WORKSPACE). ' +
            '`value` de 2,00 a 5000,00 com no máximo dois decimais; `message` até 280 caracteres; ' +
            '`post_id` um post do criador. Paga, aparece em GET /tips/{ws}, na conversa do fã ' +
            'com o perfil (se houver) e é avisada por e-mail ao proprietário. 429 com Retry-After.',
          querystring: TipsQuery,
          body: TipBody,
          response: { 201: ChargeDetail, ...errorResponses(400, 401, 404, 409, 429, 502) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendTip(ctx, request.actor, request.query.username, request.body)),
    );

    app.get(
      salesPaths.workspaceTips,
      {
        schema: {
          tags,
          summary: 'Gorjetas pagas do espaço (proprietário e membros), mais novas primeiro',
          params: ChatWorkspaceParams,
          querystring: WorkspaceTipsQuery,
          response: { 200: TipsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listTips(ctx, request.actor, request.params.ws, request.query),
    );
  };
}
