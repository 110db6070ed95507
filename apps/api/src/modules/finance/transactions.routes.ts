import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttachmentQuery,
  CreateTransactionsBody,
  DeleteTransactionsBody,
  DeleteTransactionsResponse,
  FinanceItemParams,
  FinanceWorkspaceParams,
  Transaction,
  TransactionsCreatedResponse,
  TransactionsQuery,
  TransactionsResponse,
  UpdateTransactionBody,
  errorResponses,
  financePaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  changeTransaction,
  createTransactions,
  deleteTransactions,
  getTransaction,
  getTransactions,
  removeTransactionAttachment,
} from './transactions.service';

const tags = ['finance'];
/** 1,000 rows with their texts. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

/** Transactions: batches, the filtered list, one row, bulk delete, attachments. */
export function transactionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      financePaths.transaction,
      {
        bodyLimit: BATCH_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Criar até 1.000 lançamentos, todos ou nenhum (somente o proprietário)',
          description:
            'Uma linha inválida responde 400 com errors[].field como transactions.3.amount, e nada é gravado. Linhas importadas que a conta já tem (mesmo import_key) são ignoradas: a resposta traz só as linhas criadas.',
          params: FinanceWorkspaceParams,
          body: CreateTransactionsBody,
          response: {
            201: TransactionsCreatedResponse,
            ...errorResponses(400, 401, 403, 404, 413, 415),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createTransactions(ctx, request.actor, request.params.ws, request.body)),
    );

    app.get(
      financePaths.transactions,
      {
        schema: {
          tags,
          summary: 'Lançamentos, mais recentes primeiro',
          description:
            'Filtros: account_id, category (id ou none), status, from e to (datas) e q (texto). Paginação a partir de page=1, size padrão 20 (máximo 100).',
          params: FinanceWorkspaceParams,
          querystring: TransactionsQuery,
          response: { 200: TransactionsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getTransactions(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      financePaths.transactionItem,
      {
        schema: {
          tags,
          summary: 'Um lançamento',
          params: FinanceItemParams,
          response: { 200: Transaction, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getTransaction(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.put(
      financePaths.transactionItem,
      {
        schema: {
          tags,
          summary: 'Alterar um lançamento (somente o proprietário)',
          description:
            'Um lançamento de cobrança Pix mantém conta, valor e moeda: 409 PIX_TRANSACTION_LOCKED.',
          params: FinanceItemParams,
          body: UpdateTransactionBody,
          response: { 200: Transaction, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) =>
        changeTransaction(ctx, request.actor, request.params.ws, request.params.id, request.body),
    );

    app.delete(
      financePaths.transactions,
      {
        schema: {
          tags,
          summary: 'Excluir lançamentos, todos ou nenhum (somente o proprietário)',
          description:
            'Um id que não é deste espaço de trabalho responde 404 e nada é excluído; lançamentos de cobranças Pix ficam (409).',
          params: FinanceWorkspaceParams,
          body: DeleteTransactionsBody,
          response: { 200: DeleteTransactionsResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deleteTransactions(ctx, request.actor, request.params.ws, request.body.transactions),
    );

    app.delete(
      financePaths.transactionAttachment,
      {
        schema: {
          tags,
          summary: 'Tirar um anexo de um lançamento (somente o proprietário)',
          description: 'O arquivo continua no armazenamento do espaço de trabalho.',
          params: FinanceItemParams,
          querystring: AttachmentQuery,
          response: { 200: Transaction, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        removeTransactionAttachment(
          ctx,
          request.actor,
          request.params.ws,
          request.params.id,
          request.query.file_path,
        ),
    );
  };
}
