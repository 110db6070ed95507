import { ERRORS, type ErrorCode } from '@fa-clube/contract';

/**
 * Errors thrown by services: a code of the contract's catalogue (ERRORS), which
 * fixes the HTTP status. The error plugin maps them to `{ message, code, errors? }`.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface AppErrorExtra {
  errors?: FieldError[];
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERRORS[code].status;
  }
}

/** A listed code whose message is about one field (`errors: [{ field, message }]`). */
export const fieldError = (
  code: ErrorCode,
  field: string,
  message: string = ERRORS[code].message,
) => new AppError(code, message, { errors: [{ field, message }] });

/** 400 VALIDATION_ERROR on one field. */
export const validationError = (field: string, message: string) =>
  fieldError('VALIDATION_ERROR', field, message);

/** 429 RATE_LIMITED with Retry-After. */
export const rateLimited = (retryAfterSeconds: number, message?: string) =>
  new AppError('RATE_LIMITED', message, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });

/** 503 SERVICE_UNAVAILABLE with Retry-After: the server is saturated; the request changed nothing and may be retried. */
export const serviceUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', undefined, { retryAfter: 1 });

/** 503 DATABASE_TIMEOUT: a statement passed DB_STATEMENT_TIMEOUT_MS and was cancelled. */
export const databaseTimeout = () => new AppError('DATABASE_TIMEOUT', undefined, { retryAfter: 1 });
