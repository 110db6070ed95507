import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '@fa-clube/contract';
import { isAcquireTimeout, isDatabaseUnavailable, isStatementTimeout } from '../lib/db-errors';
import { AppError, databaseTimeout, serviceUnavailable, type FieldError } from '../lib/errors';

/** Fastify's own error codes, mapped to a listed code and a pt-BR message. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: ERRORS.INVALID_JSON.message },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'O corpo da requisição está vazio.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'A requisição é grande demais.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo não suportado.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Content-Length inválido.' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_ERROR', message: ERRORS.VALIDATION_ERROR.message },
};

/** Any other 4xx from Fastify or a plugin, by status; the rest are 400 BAD_REQUEST. */
const BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

/** Sends a listed code with its listed status: the one place an error body is written. */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string = ERRORS[code].message,
  errors?: FieldError[],
) {
  return reply.status(ERRORS[code].status).send({ message, code, ...(errors ? { errors } : {}) });
}

/**
 * The single place errors become HTTP: `{ message, code, errors? }`.
 * 5xx bodies say 'Ocorreu um erro'; the log keeps the rest.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
    let err = thrown;
    // A saturated database is a 503 the client may retry, not a 500.
    if (isAcquireTimeout(err) || isStatementTimeout(err)) {
      request.log.warn({ err }, 'database saturated');
      err = isAcquireTimeout(err) ? serviceUnavailable() : databaseTimeout();
    } else if (isDatabaseUnavailable(err)) {
      // PostgreSQL restarting or down: the pool reconnects by itself once it is back
      request.log.warn({ err }, 'database unavailable');
      err = serviceUnavailable();
    }
    if (err instanceof AppError) {
      if (err.extra.retryAfter) reply.header('Retry-After', String(err.extra.retryAfter));
      return sendError(reply, err.code, err.message, err.extra.errors);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldError[] = err.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (err.validationContext ?? 'body'),
        message: v.message ?? 'Valor inválido.',
      }));
      return sendError(reply, 'VALIDATION_ERROR', errors[0]?.message, errors);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its schema');
      return sendError(reply, 'INTERNAL_ERROR');
    }
    const fe = err as FastifyError;
    const known = fe.code ? FASTIFY_ERRORS[fe.code] : undefined;
    if (known) return sendError(reply, known.code, known.message);
    if (err instanceof SyntaxError || fe.statusCode === 400) return sendError(reply, 'BAD_REQUEST');
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
      return sendError(reply, BY_STATUS[fe.statusCode] ?? 'BAD_REQUEST');
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR');
  });
}
