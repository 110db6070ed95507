import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  InvitationIdParams,
  InvitationInfo,
  InviteBody,
  InviteItemParams,
  InviteResponse,
  MessageBody,
  TeamMemberParams,
  TeamResponse,
  Workspace,
  WorkspaceIdParams,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/auth';
import {
  acceptInvitation,
  cancelInvitation,
  getInvitation,
  getTeam,
  invite,
  removeMember,
} from './team.service';

const security = [{ bearerAuth: [] }];
const tags = ['team'];

export function teamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.workspaceInvite,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Convidar alguém para a equipe por e-mail (proprietário)',
          description:
            'Cria o convite (ou renova um pendente para o mesmo e-mail: 200) e envia o e-mail com o link.',
          params: WorkspaceIdParams,
          body: InviteBody,
          response: {
            200: InviteResponse,
            201: InviteResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const r = await invite(ctx, request.actor, request.params.id, request.body.email);
        return reply.status(r.created ? 201 : 200).send(r.response);
      },
    );

    app.delete(
      paths.workspaceInviteItem,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Remover um convite pendente (proprietário)',
          params: InviteItemParams,
          response: {
            200: MessageBody,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (request) =>
        cancelInvitation(ctx, request.actor, request.params.id, request.params.inviteId),
    );

    app.get(
      paths.teamMembers,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Membros da equipe e convites pendentes (proprietário e membros)',
          params: WorkspaceIdParams,
          response: { 200: TeamResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => getTeam(ctx, request.actor, request.params.id),
    );

    app.delete(
      paths.teamMember,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Remover um membro da equipe (proprietário)',
          params: TeamMemberParams,
          response: {
            200: MessageBody,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
          },
        },
      },
      async (request) =>
        removeMember(ctx, request.actor, request.params.id, request.params.memberId),
    );

    app.get(
      paths.invitation,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Ver um convite antes de aceitar (sem revelar o e-mail convidado)',
          params: InvitationIdParams,
          response: { 200: InvitationInfo, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => getInvitation(ctx, request.actor, request.params.id),
    );

    app.post(
      paths.acceptInvitation,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Aceitar um convite (só o usuário do e-mail convidado, uma vez, em 7 dias)',
          params: InvitationIdParams,
          response: {
            200: Workspace,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
          },
        },
      },
      async (request) => acceptInvitation(ctx, request.actor, request.params.id),
    );
  };
}
