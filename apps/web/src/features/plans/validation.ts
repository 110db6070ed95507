import {
  PixConnectionBody,
  PixKeyType,
  PixSettingsBody,
  PlanBody,
  RECEIVING_ACCOUNT_TYPES,
  centsToMajor,
  foldText,
} from '@fa-clube/contract';
import type { PlanType } from '@fa-clube/contract';
import { z } from 'zod';
import { toConnectionBody, validateConnectionForm } from './connection';
import { normalizePixKey, validatePixForm } from './pix';

/**
 * A plan as the form holds it — the price in centavos as typed, the discount as typed — sent as
 * the contract's PlanBody, whose messages ('O valor máximo é R$ 10.000,00.') go to the fields.
 */
export const planForm = (planType: PlanType) =>
  z
    .object({ value: z.number().int(), discount: z.string() })
    .transform(({ value, discount }): z.input<typeof PlanBody> => ({
      plan_type: planType,
      value: centsToMajor(value),
      discount: discount === '' ? 0 : Number(discount),
    }))
    .pipe(PlanBody);

/**
 * The Pix receiving data as typed (masked key, accented name and city), checked like the server
 * checks it, and sent as the contract's PixSettingsBody: key normalised, name and city folded.
 */
export const PixForm = z
  .object({ key_type: PixKeyType, key: z.string(), name: z.string(), city: z.string() })
  .superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(validatePixForm(values)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .transform((values): z.input<typeof PixSettingsBody> => ({
    key_type: values.key_type,
    key: normalizePixKey(values.key_type, values.key) ?? values.key,
    name: foldText(values.name),
    city: foldText(values.city),
  }))
  .pipe(PixSettingsBody);

/**
 * The PSP connection as the form holds it (the certificate read from its file, the account in
 * three fields), checked for what only the form knows (a missing key file) and sent as the
 * contract's PixConnectionBody, whose messages (an https URL) go to the fields.
 */
export const PixConnectionForm = z
  .object({
    api_url: z.string(),
    token_url: z.string(),
    client_id: z.string(),
    client_secret: z.string(),
    certificate: z.string(),
    certificate_kind: z.enum(['', 'pem', 'pkcs12']),
    private_key: z.string(),
    key_encrypted: z.boolean(),
    passphrase: z.string(),
    account_branch: z.string(),
    account_number: z.string(),
    account_type: z.enum(RECEIVING_ACCOUNT_TYPES),
  })
  .superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(validateConnectionForm(values)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .transform((values) => toConnectionBody(values))
  .pipe(PixConnectionBody);
