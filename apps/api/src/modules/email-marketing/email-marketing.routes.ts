import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppsParams,
  ContactImportBody,
  ContactImportResponse,
  EmailCampaign,
  EmailCampaignParams,
  EmailCampaignsQuery,
  EmailCampaignsResponse,
  EmailContactParams,
  EmailContactsQuery,
  EmailContactsResponse,
  MessageBody,
  SendEmailBody,
  SendEmailResponse,
  UnsubscribeInfo,
  UnsubscribeQuery,
  ContactConfirmQuery,
  ContactConfirmation,
  appsPaths,
  errorResponses,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  getCampaign,
  getCampaigns,
  getContacts,
  importContacts,
  removeContact,
  sendCampaign,
  confirmContact,
  contactConfirmInfo,
  unsubscribe,
  unsubscribeInfo,
} from './email-marketing.service';

const tags = ['apps'];

/** The e-mail marketing app's campaigns (owner sends, members read) and the public unsubscribe. */
export function emailMarketingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      appsPaths.emailSend,
      {
        schema: {
          tags,
          summary: 'Enviar uma campanha de e-mail (somente o proprietário)',
          description:
            'contacts: os grupos subscribers, subscribers:monthly, subscribers:quarterly, subscribers:yearly, contacts (os contatos importados) ' +
            'e/ou e-mails do público do espaço de trabalho (assinantes ativos, contatos importados, o próprio e-mail de quem envia); ' +
            'outro endereço: 400 CONTACTS_NOT_IN_AUDIENCE. Quem envia precisa do e-mail confirmado e de uma conta com mais de um dia; ' +
            'cotas diárias por espaço de trabalho e da plataforma (429 EMAIL_DAILY_LIMIT_REACHED). ' +
            'Os e-mails entram na fila e saem no ritmo das configurações do app; endereços descadastrados (aqui ou em toda a plataforma) são ignorados.',
          params: AppsParams,
          body: SendEmailBody,
          response: { 202: SendEmailResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await sendCampaign(ctx, request.actor, request.params.ws, request.body)),
    );

    app.get(
      appsPaths.emailCampaigns,
      {
        schema: {
          tags,
          summary: 'Campanhas de e-mail, com as contagens de cada uma',
          description: 'Paginação a partir de page=1, size padrão 20; mais recentes primeiro.',
          params: AppsParams,
          querystring: EmailCampaignsQuery,
          response: { 200: EmailCampaignsResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        getCampaigns(ctx, request.actor, request.params.ws, request.query.page, request.query.size),
    );

    app.get(
      appsPaths.emailCampaign,
      {
        schema: {
          tags,
          summary: 'Uma campanha de e-mail: na fila, enviados, falhas e descadastros',
          params: EmailCampaignParams,
          response: { 200: EmailCampaign, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getCampaign(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.put(
      appsPaths.emailContacts,
      {
        schema: {
          tags,
          summary: 'Importar contatos com o consentimento de cada um (somente o proprietário)',
          description:
            'Adiciona ou atualiza (pelo e-mail) até 1.000 contatos por vez, cada um com opt_in { method, at }: como e quando aceitou receber os e-mails. ' +
            'Um endereço descadastrado continua descadastrado.',
          params: AppsParams,
          body: ContactImportBody,
          response: { 200: ContactImportResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => importContacts(ctx, request.actor, request.params.ws, request.body),
    );

    app.get(
      appsPaths.emailContacts,
      {
        schema: {
          tags,
          summary: 'Contatos importados, por e-mail',
          description: 'Paginação a partir de page=1, size padrão 20; q busca no e-mail e no nome.',
          params: AppsParams,
          querystring: EmailContactsQuery,
          response: { 200: EmailContactsResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getContacts(ctx, request.actor, request.params.ws, request.query),
    );

    app.delete(
      appsPaths.emailContact,
      {
        schema: {
          tags,
          summary: 'Excluir um contato importado (somente o proprietário)',
          params: EmailContactParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => removeContact(ctx, request.actor, request.params.ws, request.params.id),
    );

    // RFC 8058: the one-click POST comes as a form, `List-Unsubscribe=One-Click`
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get(
      appsPaths.emailUnsubscribe,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'O que o link de descadastro descadastra (não altera nada)',
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeInfo, ...errorResponses(400) },
        },
      },
      async (request) => unsubscribeInfo(ctx, request.query.token),
    );

    app.post(
      appsPaths.emailUnsubscribe,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Descadastrar o endereço dos e-mails do criador (também o POST em um clique, RFC 8058); scope=all: de todos os criadores',
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeInfo, ...errorResponses(400) },
        },
      },
      async (request) => unsubscribe(ctx, request.query.token, request.query.scope),
    );

    app.get(
      appsPaths.emailContactConfirm,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A quem o link de confirmação (opt-in duplo) se refere (não altera nada)',
          querystring: ContactConfirmQuery,
          response: { 200: ContactConfirmation, ...errorResponses(400) },
        },
      },
      async (request) => contactConfirmInfo(ctx, request.query.token),
    );

    app.post(
      appsPaths.emailContactConfirm,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Confirmar o contato importado (opt-in duplo): só então as campanhas do criador chegam ao endereço',
          querystring: ContactConfirmQuery,
          response: { 200: ContactConfirmation, ...errorResponses(400) },
        },
      },
      async (request) => confirmContact(ctx, request.query.token),
    );
  };
}
