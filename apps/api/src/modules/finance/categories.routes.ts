import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoriesResponse,
  Category,
  CreateCategoryBody,
  FinanceItemParams,
  FinanceWorkspaceParams,
  MessageBody,
  UpdateCategoryBody,
  errorResponses,
  financePaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  changeCategory,
  createCategory,
  getCategories,
  removeCategory,
} from './categories.service';

const tags = ['finance'];

/** Categories (income, expense, transfer) and their categorization words. */
export function categoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      financePaths.categories,
      {
        schema: {
          tags,
          summary: 'Categorias do espaço de trabalho',
          params: FinanceWorkspaceParams,
          response: { 200: CategoriesResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getCategories(ctx, request.actor, request.params.ws),
    );

    app.post(
      financePaths.categories,
      {
        schema: {
          tags,
          summary: 'Criar uma categoria (somente o proprietário)',
          description:
            'Nomes únicos no espaço de trabalho, sem diferenciar maiúsculas: 409 CATEGORY_LABEL_TAKEN. `match` são palavras que sugerem a categoria na importação.',
          params: FinanceWorkspaceParams,
          body: CreateCategoryBody,
          response: { 201: Category, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createCategory(ctx, request.actor, request.params.ws, request.body)),
    );

    app.put(
      financePaths.categoryItem,
      {
        schema: {
          tags,
          summary: 'Alterar uma categoria (somente o proprietário)',
          params: FinanceItemParams,
          body: UpdateCategoryBody,
          response: { 200: Category, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        changeCategory(ctx, request.actor, request.params.ws, request.params.id, request.body),
    );

    app.delete(
      financePaths.categoryItem,
      {
        schema: {
          tags,
          summary: 'Excluir uma categoria (somente o proprietário)',
          description: 'Os lançamentos dela ficam sem categoria.',
          params: FinanceItemParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => removeCategory(ctx, request.actor, request.params.ws, request.params.id),
    );
  };
}
