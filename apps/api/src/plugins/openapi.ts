import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@fa-clube/contract';

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
        description:
          'API do Fã Clube. Erros: `{ message, code, errors? }`. Autenticação: `Authorization: Bearer <access_token>`.',
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
