import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Account,
  AccountsQuery,
  AccountsResponse,
  BalancesResponse,
  CreateAccountBody,
  CurrencyQuery,
  FinanceItemParams,
  FinanceWorkspaceParams,
  MessageBody,
  UpdateAccountBody,
  errorResponses,
  financePaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  changeAccount,
  createAccount,
  getAccounts,
  getBalances,
  removeAccount,
} from './accounts.service';

const tags = ['finance'];

/** Accounts and their balances. The owner writes; members read. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      financePaths.account,
      {
        schema: {
          tags,
          summary: 'Criar uma conta (somente o proprietário)',
          params: FinanceWorkspaceParams,
          body: CreateAccountBody,
          response: { 201: Account, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createAccount(ctx, request.actor, request.params.ws, request.body)),
    );

    app.get(
      financePaths.accounts,
      {
        schema: {
          tags,
          summary: 'Contas do espaço de trabalho, com o saldo de cada uma',
          description:
            'Paginação a partir de page=1, size padrão 20 (máximo 100), mais antigas primeiro.',
          params: FinanceWorkspaceParams,
          querystring: AccountsQuery,
          response: { 200: AccountsResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getAccounts(ctx, request.actor, request.params.ws, request.query),
    );

    app.put(
      financePaths.accountItem,
      {
        schema: {
          tags,
          summary: 'Alterar uma conta (somente o proprietário)',
          description:
            'A moeda de uma conta com lançamentos não muda: 409 ACCOUNT_CURRENCY_LOCKED.',
          params: FinanceItemParams,
          body: UpdateAccountBody,
          response: { 200: Account, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        changeAccount(ctx, request.actor, request.params.ws, request.params.id, request.body),
    );

    app.delete(
      financePaths.accountItem,
      {
        schema: {
          tags,
          summary: 'Excluir uma conta sem lançamentos (somente o proprietário)',
          description: 'Uma conta com lançamentos não é excluída: 409 ACCOUNT_HAS_TRANSACTIONS.',
          params: FinanceItemParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => removeAccount(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.get(
      financePaths.accountBalances,
      {
        schema: {
          tags,
          summary: 'Saldos das contas em uma moeda',
          description:
            'balance: saldo inicial mais os lançamentos pagos e conciliados; projected_balance também soma os pendentes. Cancelados não contam. Só as contas na moeda pedida (padrão BRL).',
          params: FinanceWorkspaceParams,
          querystring: CurrencyQuery,
          response: { 200: BalancesResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getBalances(ctx, request.actor, request.params.ws, request.query.currency),
    );
  };
}
