// The error catalogue: every `code` the API answers, with its one HTTP status
// and a default pt-BR message. Each domain declares its own codes next to its
// schemas (`export const FINANCE_ERRORS = defineErrors({ ... })`) and index.ts
// composes them into ERRORS, the one list the server throws from, the OpenAPI
// document publishes and the web client switches on.

import { z } from 'zod';
import { ErrorBody } from './common';

/** The statuses an error body may have. */
export type ErrorHttpStatus =
  400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 416 | 429 | 500 | 502 | 503 | 507;

export interface ErrorDefinition {
  status: ErrorHttpStatus;
  /** Default pt-BR message; a call site may say something more precise. */
  message: string;
}

export type ErrorCatalogue = Record<string, ErrorDefinition>;

/** A domain's codes: UPPER_SNAKE_CASE keys, each with its status and message. */
export function defineErrors<const T extends ErrorCatalogue>(errors: T): T {
  for (const code of Object.keys(errors))
    if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(code))
      throw new Error(`error code ${code} is not UPPER_SNAKE_CASE`);
  return errors;
}

type Merge<T extends readonly unknown[]> = T extends readonly [infer H, ...infer R]
  ? H & Merge<R>
  : unknown;

/** Joins the domains' catalogues into one; a code declared twice is a mistake. */
export function composeErrors<const T extends readonly ErrorCatalogue[]>(
  ...catalogues: T
): Merge<T> {
  const all: ErrorCatalogue = {};
  for (const catalogue of catalogues)
    for (const [code, definition] of Object.entries(catalogue)) {
      if (code in all) throw new Error(`error code ${code} is declared twice`);
      all[code] = definition;
    }
  return all as Merge<T>;
}

/** Codes any endpoint may answer, whatever its domain. */
export const COMMON_ERRORS = defineErrors({
  VALIDATION_ERROR: { status: 400, message: 'Dados inválidos.' },
  INVALID_JSON: { status: 400, message: 'O corpo da requisição não é um JSON válido.' },
  BAD_REQUEST: { status: 400, message: 'Requisição inválida.' },
  UNAUTHORIZED: { status: 401, message: 'Sessão expirada ou inválida. Entre novamente.' },
  FORBIDDEN: { status: 403, message: 'Você não tem permissão para esta ação.' },
  NOT_FOUND: { status: 404, message: 'Não encontrado.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Arquivo ou requisição grande demais.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Tipo de arquivo não suportado.' },
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Tente novamente mais tarde.' },
  INTERNAL_ERROR: { status: 500, message: 'Ocorreu um erro' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'O servidor está ocupado agora. Tente novamente em instantes.',
  },
  DATABASE_TIMEOUT: {
    status: 503,
    message: 'A consulta demorou demais e foi interrompida. Tente novamente em instantes.',
  },
});

/**
 * `errorResponses(400, 401, 404)` for a route's `response`: per status, the
 * error body whose `code` is one of the catalogue's codes with that status
 * (the OpenAPI document lists them as `Error<status>`).
 */
export function errorResponsesFor(catalogue: ErrorCatalogue) {
  const schemas = new Map<ErrorHttpStatus, typeof ErrorBody>();
  const schemaFor = (status: ErrorHttpStatus) => {
    let schema = schemas.get(status);
    if (!schema) {
      const codes = Object.keys(catalogue).filter((code) => catalogue[code]!.status === status);
      if (codes.length === 0) throw new Error(`no error code has status ${status}`);
      schema = ErrorBody.extend({ code: z.enum(codes as [string, ...string[]]) }).meta({
        id: `Error${status}`,
        description: codes.map((code) => `${code}: ${catalogue[code]!.message}`).join('\n'),
      }) as unknown as typeof ErrorBody;
      schemas.set(status, schema);
    }
    return schema;
  };
  return function errorResponses<const S extends readonly ErrorHttpStatus[]>(
    ...statuses: S
  ): { [K in S[number]]: typeof ErrorBody } {
    return Object.fromEntries(statuses.map((status) => [status, schemaFor(status)])) as {
      [K in S[number]]: typeof ErrorBody;
    };
  };
}
