import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { HEADERS } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is built from the contract's schemas; the reference page is at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marquee API',
        version: '1.0.0',
        description:
          'API of the Marquee organizer and admin console. Every call needs the client credentials; session calls also need `accesstoken`.',
      },
      components: {
        securitySchemes: {
          clientBasic: { type: 'http', scheme: 'basic', description: 'The web client id and secret' },
          secretKey: { type: 'apiKey', in: 'header', name: HEADERS.secretKey },
          accessToken: { type: 'apiKey', in: 'header', name: HEADERS.accessToken },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
