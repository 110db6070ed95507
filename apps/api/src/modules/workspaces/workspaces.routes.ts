import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateWorkspaceBody,
  MessageBody,
  TransferOwnershipBody,
  TransferOwnershipResponse,
  UpdateWorkspaceBody,
  Workspace,
  WorkspaceIdParams,
  WorkspacesResponse,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { transferOwnership } from './team.service';
import {
  becomeCreator,
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  updateWorkspace,
} from './workspaces.service';

const tags = ['workspaces'];

export function workspacesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.workspaces,
      {
        schema: {
          tags,
          summary: 'Meus espaços de trabalho (próprios primeiro, depois os de equipes)',
          response: { 200: WorkspacesResponse, ...errorResponses(401) },
        },
      },
      async (request) => listWorkspaces(ctx, request.actor),
    );

    app.post(
      paths.workspaces,
      {
        schema: {
          tags,
          summary: 'Criar outro espaço de trabalho próprio',
          body: CreateWorkspaceBody,
          response: { 201: Workspace, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createWorkspace(ctx, request.actor, request.body)),
    );

    app.get(
      paths.workspace,
      {
        schema: {
          tags,
          summary: 'Um espaço de trabalho (proprietário e membros)',
          params: WorkspaceIdParams,
          response: { 200: Workspace, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getWorkspace(ctx, request.actor, request.params.id),
    );

    app.put(
      paths.workspace,
      {
        schema: {
          tags,
          summary: 'Alterar nome, nome de usuário ou descrição (proprietário)',
          params: WorkspaceIdParams,
          body: UpdateWorkspaceBody,
          response: { 200: Workspace, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => updateWorkspace(ctx, request.actor, request.params.id, request.body),
    );

    app.delete(
      paths.workspace,
      {
        schema: {
          tags,
          summary: 'Excluir o espaço de trabalho, seus arquivos e conteúdo (proprietário)',
          params: WorkspaceIdParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deleteWorkspace(ctx, request.actor, request.params.id),
    );

    app.post(
      paths.workspaceCreator,
      {
        schema: {
          tags,
          summary: 'Quero ser criador: mostrar a home e o menu de criador (proprietário)',
          description:
            'Marca o espaço de trabalho como de um criador (uma vez; repetir não muda a data). ' +
            'Definir um plano faz o mesmo.',
          params: WorkspaceIdParams,
          response: { 200: Workspace, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => becomeCreator(ctx, request.actor, request.params.id),
    );

    app.post(
      paths.workspaceTransfer,
      {
        schema: {
          tags,
          summary: 'Transferir a propriedade para um membro da equipe (proprietário)',
          params: WorkspaceIdParams,
          body: TransferOwnershipBody,
          response: { 200: TransferOwnershipResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        transferOwnership(ctx, request.actor, request.params.id, request.body.email),
    );
  };
}
