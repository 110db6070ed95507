/**
 * Errors thrown by services. The error plugin maps them to
 * `{ message, code, errors? }` with the status below (api-conventions).
 */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { errors?: FieldError[]; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(400, code, message, { errors });
export const validationError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, { errors: [{ field, message }] });
export const unauthorized = (
  message = 'Sessão expirada ou inválida. Entre novamente.',
  code = 'UNAUTHORIZED',
) => new AppError(401, code, message);
export const forbidden = (message = 'Você não tem permissão para esta ação.', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Não encontrado.', code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (code: string, message: string, field?: string) =>
  new AppError(409, code, message, field ? { errors: [{ field, message }] } : {});
export const tooLarge = (
  message = 'Arquivo ou requisição grande demais.',
  code = 'PAYLOAD_TOO_LARGE',
) => new AppError(413, code, message);
export const unsupportedMediaType = (
  message = 'Tipo de arquivo não suportado.',
  code = 'UNSUPPORTED_MEDIA_TYPE',
) => new AppError(415, code, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Muitas tentativas. Tente novamente mais tarde.',
) =>
  new AppError(429, 'RATE_LIMITED', message, {
    retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
