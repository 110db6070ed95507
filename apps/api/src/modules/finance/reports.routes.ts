import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashflowQuery,
  CashflowResponse,
  ChargesReportResponse,
  CurrencyQuery,
  ExpensesResponse,
  FinanceWorkspaceParams,
  ReportQuery,
  errorResponses,
  financePaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { getCashflow, getChargesReport, getExpensesByCategory } from './reports.service';

const tags = ['finance'];

/** Reports: cash flow by month, expenses by category, Pix charges by status. One currency each. */
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      financePaths.cashflow,
      {
        schema: {
          tags,
          summary: 'Fluxo de caixa por mês',
          description:
            'Receitas, despesas (negativas) e saldo de cada mês do período (padrão: os últimos 12 meses), inclusive os meses sem lançamentos. Transferências e cancelados não contam; só a moeda pedida (padrão BRL).',
          params: FinanceWorkspaceParams,
          querystring: CashflowQuery,
          response: { 200: CashflowResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getCashflow(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      financePaths.categoryExpenses,
      {
        schema: {
          tags,
          summary: 'Despesas por categoria',
          description:
            "As despesas sem categoria aparecem como 'Sem categoria' (category null). Sem período, todas as datas.",
          params: FinanceWorkspaceParams,
          querystring: ReportQuery,
          response: { 200: ExpensesResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        getExpensesByCategory(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      financePaths.chargesReport,
      {
        schema: {
          tags,
          summary: 'Cobranças Pix por situação',
          description:
            'Quantidade e total das cobranças pendentes, pagas e expiradas (uma pendente vencida conta como expirada).',
          params: FinanceWorkspaceParams,
          querystring: CurrencyQuery,
          response: { 200: ChargesReportResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        getChargesReport(ctx, request.actor, request.params.ws, request.query.currency),
    );
  };
}
