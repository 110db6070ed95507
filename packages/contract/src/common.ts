import { z } from 'zod';

// Default validation messages in Portuguese, on the server and in the browser alike.
z.config(z.locales.pt());

/** Error body for every non-2xx answer (see docs/decisions/003-error-body.md). */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The error statuses the API answers with an ErrorBody. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 502;

/**
 * A route's error responses, each an ErrorBody:
 * `response: { 200: Plan, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorBody } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as {
    [K in S[number]]: typeof ErrorBody;
  };
}

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const Uuid = z.uuid({ message: 'Identificador inválido.' });

/** Basic e-mail pattern shared by the web forms and the server (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = z
  .string({ message: 'Informe o e-mail.' })
  .trim()
  .max(254, 'E-mail muito longo.')
  .regex(EMAIL_PATTERN, 'E-mail inválido.');

/** Usernames: 3 to 30 of a-z 0-9 . _ (compared case-insensitively, stored lower case). */
export const USERNAME_PATTERN = /^[a-z0-9._]{3,30}$/;
export const Username = z
  .string({ message: 'Informe o nome de usuário.' })
  .trim()
  .toLowerCase()
  .regex(
    USERNAME_PATTERN,
    'O nome de usuário deve ter de 3 a 30 caracteres: letras minúsculas, números, ponto ou sublinhado.',
  );

/** Full name: letters (accented included), dots and spaces. */
export const FULL_NAME_PATTERN = /^[\p{L}. ]+$/u;
export const FullName = z
  .string({ message: 'Informe o nome completo.' })
  .trim()
  .min(1, 'Informe o nome completo.')
  .max(120, 'Nome muito longo.')
  .regex(FULL_NAME_PATTERN, 'O nome deve conter apenas letras, pontos e espaços.');

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const Password = z
  .string({ message: 'Informe a senha.' })
  .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`);

export const PAGE_SIZE_MAX = 100;

/** Query for paged lists. Defaults differ per list (spec section 9). */
export function pageQuery(defaults: { page: number; size: number; minPage?: number }) {
  return z.object({
    page: z.coerce
      .number({ message: 'Página inválida.' })
      .int('Página inválida.')
      .min(defaults.minPage ?? 0, 'Página inválida.')
      .max(1_000_000, 'Página inválida.')
      .default(defaults.page),
    size: z.coerce
      .number({ message: 'Tamanho de página inválido.' })
      .int('Tamanho de página inválido.')
      .min(1, 'Tamanho de página inválido.')
      .max(PAGE_SIZE_MAX, `O tamanho máximo de página é ${PAGE_SIZE_MAX}.`)
      .default(defaults.size),
  });
}

/** `{ <items>: [...], page, size, total }` */
export function paged<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  } as { [P in K]: z.ZodArray<T> } & {
    page: z.ZodNumber;
    size: z.ZodNumber;
    total: z.ZodNumber;
  });
}

/** Money in the API: a number in reais with at most two decimals. */
export const Money = z
  .number({ message: 'Valor inválido.' })
  .finite('Valor inválido.')
  .refine(
    (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    'Use no máximo duas casas decimais.',
  );

export const Timestamp = z.string().meta({ format: 'date-time' });

export const DEVICE_TYPES = ['mobile', 'tablet', 'notebook', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Device class by window width (spec section 3). */
export function deviceTypeForWidth(width: number): DeviceType {
  if (width <= 767) return 'mobile';
  if (width <= 1024) return 'tablet';
  if (width <= 1440) return 'notebook';
  return 'desktop';
}
