import { z } from 'zod';
import { isMajorAmount } from './money';
import {
  EMAIL_MAX,
  FULL_NAME_PATTERN,
  isEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
} from './patterns';

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

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const Uuid = z.uuid({ message: 'Identificador inválido.' });

/** Built from `isEmail` (patterns.ts), the form the web client checks without zod. */
export const Email = z
  .string({ message: 'Informe o e-mail.' })
  .trim()
  .max(EMAIL_MAX, 'E-mail muito longo.')
  .refine(isEmail, 'E-mail inválido.');

export const Username = z
  .string({ message: 'Informe o nome de usuário.' })
  .trim()
  .toLowerCase()
  .regex(
    USERNAME_PATTERN,
    'O nome de usuário deve ter de 3 a 30 caracteres: letras minúsculas, números, ponto ou sublinhado.',
  );

export const FullName = z
  .string({ message: 'Informe o nome completo.' })
  .trim()
  .min(1, 'Informe o nome completo.')
  .max(120, 'Nome muito longo.')
  .regex(FULL_NAME_PATTERN, 'O nome deve conter apenas letras, pontos e espaços.');

export const Password = z
  .string({ message: 'Informe a senha.' })
  .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`);

/** Money in the API: a number in major units with at most two decimals (see money.ts). */
export const Money = z
  .number({ message: 'Valor inválido.' })
  .finite('Valor inválido.')
  .refine(isMajorAmount, 'Use no máximo duas casas decimais.');

export const Timestamp = z.string().meta({ format: 'date-time' });
