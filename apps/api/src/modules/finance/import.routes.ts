import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategorizeBody,
  CategorizeResponse,
  FinanceWorkspaceParams,
  FormatBody,
  FormatResponse,
  IMPORT_DATA_MAX_CHARS,
  MappingBody,
  MappingResponse,
  errorResponses,
  financePaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  categorizeImport,
  closeStatementReader,
  formatImport,
  suggestImportMapping,
} from './import.service';

const tags = ['finance'];
/** The base64 of a 2 MiB file and the JSON around it. */
const FORMAT_BODY_LIMIT = IMPORT_DATA_MAX_CHARS + 64 * 1024;
/** 5,000 imported rows as categorize takes and answers them. */
const CATEGORIZE_BODY_LIMIT = 8 * 1024 * 1024;

/** Bank-file import: three calls that write nothing (the client then saves with POST /transaction). */
export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // the worker threads that read the files stop with the app
    app.addHook('onClose', () => closeStatementReader(ctx));
    app.post(
      financePaths.importMapping,
      {
        schema: {
          tags,
          summary: 'Sugerir o campo de cada coluna de um extrato (somente o proprietário)',
          description:
            'Com account_id, o último mapeamento confirmado para a conta vale primeiro para as colunas que ele conhece. Não grava nada.',
          params: FinanceWorkspaceParams,
          body: MappingBody,
          response: { 200: MappingResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => suggestImportMapping(ctx, request.actor, request.params.ws, request.body),
    );

    app.post(
      financePaths.importFormat,
      {
        bodyLimit: FORMAT_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Ler um extrato (CSV ou OFX) em lançamentos (somente o proprietário)',
          description:
            'Valores e datas normalizados; com account_id, as linhas que a conta já tem vêm com duplicate: true. Não grava nada.',
          params: FinanceWorkspaceParams,
          body: FormatBody,
          response: { 200: FormatResponse, ...errorResponses(400, 401, 403, 404, 413, 429, 503) },
        },
      },
      async (request) => formatImport(ctx, request.actor, request.params.ws, request.body),
    );

    app.post(
      financePaths.importCategorize,
      {
        bodyLimit: CATEGORIZE_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Sugerir a categoria de lançamentos importados (somente o proprietário)',
          description:
            'Pelas palavras das categorias (regras), depois pelo histórico do espaço de trabalho; nunca troca uma categoria escolhida pelo usuário nem sugere despesa para entrada de dinheiro. Não grava nada.',
          params: FinanceWorkspaceParams,
          body: CategorizeBody,
          response: { 200: CategorizeResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => categorizeImport(ctx, request.actor, request.params.ws, request.body),
    );
  };
}
