import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InsightsParams,
  InsightsQuery,
  InsightsResponse,
  errorResponses,
  insightsPaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { exportInsightsCsv, getInsights } from './insights.service';

const tags = ['insights'];

/** 'Visão geral': the creator's figures and their CSV. */
export function insightsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      insightsPaths.insights,
      {
        schema: {
          tags,
          summary:
            'Números do espaço: MRR, assinantes, meses e posts de destaque (proprietário e membros)',
          description:
            '`months` de 1 a 36 (padrão 12): meses do calendário de São Paulo, do mais antigo ao atual. ' +
            'Receita = cobranças pagas no mês menos os reembolsos concluídos no mês, por origem.',
          params: InsightsParams,
          querystring: InsightsQuery,
          response: { 200: InsightsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getInsights(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      insightsPaths.export,
      {
        schema: {
          tags,
          summary: 'Exportar os meses dos números em CSV (proprietário e membros)',
          params: InsightsParams,
          querystring: InsightsQuery,
          produces: ['text/csv'],
          response: {
            200: z
              .unknown()
              .meta({ description: 'CSV (UTF-8 com BOM, separado por ;), cabeçalho em português' }),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const csv = await exportInsightsCsv(ctx, request.actor, request.params.ws, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="visao-geral.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
