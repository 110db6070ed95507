import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PixSettings, PixSettingsBody, errorResponses, paths, Uuid } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { getPixSettings, putPixSettings } from './pix-settings.service';

const IdParams = z.object({ id: Uuid });

/** The workspace's Pix receiving data (key, receiver name and city). */
export function pixSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.workspacePix,
      {
        schema: {
          tags: ['payments'],
          summary: 'Dados do Pix para recebimento (proprietário e membros)',
          params: IdParams,
          response: { 200: PixSettings, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getPixSettings(ctx, request.actor, request.params.id),
    );

    app.put(
      paths.workspacePix,
      {
        schema: {
          tags: ['payments'],
          summary: 'Cadastrar ou alterar os dados do Pix (somente o proprietário)',
          description:
            'Chave validada pelo tipo (cpf, cnpj, email, phone em +55DDDNÚMERO, random = UUID v4). ' +
            'Nome e cidade são gravados sem acentos e devem caber no BR Code (25 e 15 caracteres). ' +
            'Trocar a chave pede uma entrada nos últimos 10 minutos ou confirmation (senha e, com ' +
            '2FA, o código): sem isso 403 OWNER_CONFIRMATION_REQUIRED. O proprietário recebe um e-mail.',
          params: IdParams,
          body: PixSettingsBody,
          response: { 200: PixSettings, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        putPixSettings(ctx, request.actor, request.params.id, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );
  };
}
