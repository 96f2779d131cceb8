import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { mapDatabaseError } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';
import { loggableError } from '../lib/log-safe.js';

function fieldOf(instancePath: string, params: Record<string, unknown> | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  // A missing required key is reported on its parent; name the key itself.
  const missing = params && typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return [fromPath, missing].filter(Boolean).join('.') || 'body';
}

/**
 * One error envelope for every failure: `{ message, errors? }`. A caller's mistake is a 4xx with a
 * clear message; anything unexpected is a 500 with a request id to quote, never a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // A constraint or contention failure that reached here unmapped is still the caller's 4xx or a 503.
    const error = (mapDatabaseError(thrown) as FastifyError | undefined) ?? thrown;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, v.params as Record<string, unknown>),
        message: v.message ?? 'Invalid value',
      }));
      const message =
        errors.length === 1
          ? (errors[0]?.message ?? 'Invalid input')
          : 'Please correct the highlighted fields.';
      return reply.status(400).send({ message, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return internal(reply, request.id);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error, status, request) });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return internal(reply, request.id);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No API call ${request.method} ${request.url.split('?')[0]}.` });
  });
});

function internal(reply: import('fastify').FastifyReply, requestId: string) {
  return reply.status(500).send({
    message: `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${requestId}.`,
    requestId,
  });
}

/** 1048576 → `1 MB`, 65536 → `64 KB`. */
function sizeText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function clientMessage(error: FastifyError, status: number, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = request.routeOptions.bodyLimit;
      return limit ? `The request body is larger than ${sizeText(limit)}.` : 'The request is too large.';
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    default:
      return status === 429 ? error.message : error.message || 'The request could not be processed.';
  }
}
