import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import type { FieldError } from '../lib/errors';

const GENERIC = 'Ocorreu um erro';

/** Fastify's own error codes, mapped to our body and a pt-BR message. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'O corpo da requisição está vazio.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'A requisição é grande demais.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo não suportado.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Content-Length inválido.',
  },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: 'Dados inválidos.' },
};

/**
 * The single place errors become HTTP: `{ message, code, errors? }`.
 * 5xx bodies say 'Ocorreu um erro'; the log keeps the rest.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfter) reply.header('Retry-After', String(err.extra.retryAfter));
      return reply.status(err.status).send({
        message: err.message,
        code: err.code,
        ...(err.extra.errors ? { errors: err.extra.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldError[] = err.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (err.validationContext ?? 'body'),
        message: v.message ?? 'Valor inválido.',
      }));
      return reply.status(400).send({
        message: errors[0]?.message ?? 'Dados inválidos.',
        code: 'VALIDATION_ERROR',
        errors,
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send({ message: GENERIC, code: 'INTERNAL_ERROR' });
    }
    const fe = err as FastifyError;
    if (fe.statusCode === 429) {
      return reply
        .status(429)
        .send({ message: 'Muitas tentativas. Tente novamente mais tarde.', code: 'RATE_LIMITED' });
    }
    const known = fe.code ? FASTIFY_ERRORS[fe.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
    if (err instanceof SyntaxError || fe.statusCode === 400) {
      return reply.status(400).send({ message: 'Requisição inválida.', code: 'BAD_REQUEST' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply
        .status(fe.statusCode)
        .send({ message: 'Requisição inválida.', code: fe.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC, code: 'INTERNAL_ERROR' });
  });
}
