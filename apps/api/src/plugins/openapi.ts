import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX, ERRORS } from '@fa-clube/contract';

/** `schema.security` of the routes that take `Authorization: Bearer <access_token>`. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** OpenAPI 3.1 generated from the zod contract; reference page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fã Clube API',
        version: '1.0.0',
        description: [
          'API do Fã Clube. Autenticação: `Authorization: Bearer <access_token>`.',
          'Erros: `{ message, code, errors? }`; cada `code` tem um único status HTTP:',
          '',
          '| code | status | mensagem padrão |',
          '| --- | --- | --- |',
          ...Object.entries(ERRORS).map(([code, e]) => `| ${code} | ${e.status} | ${e.message} |`),
        ].join('\n'),
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
