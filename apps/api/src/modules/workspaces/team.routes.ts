import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InvitationIdParams,
  InvitationInfo,
  InviteBody,
  InviteItemParams,
  InviteResponse,
  MessageBody,
  TeamMemberParams,
  TeamQuery,
  TeamResponse,
  Workspace,
  WorkspaceIdParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  acceptInvitation,
  cancelInvitation,
  getInvitation,
  getTeam,
  invite,
  removeMember,
} from './team.service';

const tags = ['team'];

export function teamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.workspaceInvite,
      {
        schema: {
          tags,
          summary: 'Convidar alguém para a equipe por e-mail (proprietário)',
          description:
            'Cria o convite (ou renova um pendente para o mesmo e-mail: 200) e envia o e-mail com o link.',
          params: WorkspaceIdParams,
          body: InviteBody,
          response: {
            200: InviteResponse,
            201: InviteResponse,
            ...errorResponses(400, 401, 403, 404, 409, 429),
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
        schema: {
          tags,
          summary: 'Remover um convite pendente (proprietário)',
          params: InviteItemParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        cancelInvitation(ctx, request.actor, request.params.id, request.params.inviteId),
    );

    app.get(
      paths.teamMembers,
      {
        schema: {
          tags,
          summary: 'Membros da equipe e convites pendentes (proprietário e membros)',
          description:
            'As duas listas paginadas juntas: page a partir de 0, size padrão e máximo 100; ' +
            'total conta os membros e invitations_total os convites.',
          params: WorkspaceIdParams,
          querystring: TeamQuery,
          response: { 200: TeamResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getTeam(ctx, request.actor, request.params.id, request.query),
    );

    app.delete(
      paths.teamMember,
      {
        schema: {
          tags,
          summary: 'Remover um membro da equipe (proprietário)',
          params: TeamMemberParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        removeMember(ctx, request.actor, request.params.id, request.params.memberId),
    );

    app.get(
      paths.invitation,
      {
        schema: {
          tags,
          summary: 'Ver um convite antes de aceitar (sem revelar o e-mail convidado)',
          params: InvitationIdParams,
          response: { 200: InvitationInfo, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getInvitation(ctx, request.actor, request.params.id),
    );

    app.post(
      paths.acceptInvitation,
      {
        schema: {
          tags,
          summary: 'Aceitar um convite (só o usuário do e-mail convidado, uma vez, em 7 dias)',
          params: InvitationIdParams,
          response: { 200: Workspace, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => acceptInvitation(ctx, request.actor, request.params.id),
    );
  };
}
