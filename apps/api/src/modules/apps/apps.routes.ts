import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  App,
  AppQuery,
  AppSettingsBody,
  AppSettingsParams,
  AppSettingsResponse,
  AppToggleBody,
  AppsParams,
  AppsResponse,
  appsPaths,
  errorResponses,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { getApp, getAppSettings, getApps, saveAppSettings, toggleApp } from './apps.service';

const tags = ['apps'];

/** The catalogue of installable apps, their installation and their settings. */
export function appsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      appsPaths.apps,
      {
        schema: {
          tags,
          summary: 'Catálogo de apps do espaço de trabalho',
          params: AppsParams,
          response: { 200: AppsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getApps(ctx, request.actor, request.params.ws),
    );

    app.get(
      appsPaths.app,
      {
        schema: {
          tags,
          summary: 'Um app do catálogo',
          params: AppsParams,
          querystring: AppQuery,
          response: { 200: App, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getApp(ctx, request.actor, request.params.ws, request.query.label),
    );

    app.put(
      appsPaths.apps,
      {
        schema: {
          tags,
          summary: 'Instalar ou desinstalar um app (somente o proprietário)',
          description:
            'Sem corpo, inverte o estado; com `{ installed }`, deixa o app nesse estado (repetir não muda nada). Desinstalar mantém as configurações e os dados do app.',
          params: AppsParams,
          querystring: AppQuery,
          body: AppToggleBody,
          response: { 200: App, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        toggleApp(
          ctx,
          request.actor,
          request.params.ws,
          request.query.label,
          request.body?.installed,
        ),
    );

    app.get(
      appsPaths.appSettings,
      {
        schema: {
          tags,
          summary: 'Configurações de um app',
          params: AppSettingsParams,
          response: { 200: AppSettingsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getAppSettings(ctx, request.actor, request.params.ws, request.params.app),
    );

    app.put(
      appsPaths.appSettings,
      {
        schema: {
          tags,
          summary: 'Salvar as configurações de um app (somente o proprietário)',
          description:
            'Validadas conforme o app; campos ausentes assumem o valor padrão. Podem ser salvas com o app desinstalado.',
          params: AppSettingsParams,
          body: AppSettingsBody,
          response: { 200: AppSettingsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        saveAppSettings(
          ctx,
          request.actor,
          request.params.ws,
          request.params.app,
          request.body.settings,
        ),
    );
  };
}
