import {
  PIX_CITY_MAX,
  PIX_NAME_MAX,
  foldText,
  normalizePixKey as checkPixKey,
} from '@fa-clube/contract';
import type { PixKeyType } from '@fa-clube/contract';
import { maskCpf, maskDigits as mask, onlyDigits as digits } from '@/lib/masks';
import { t } from './strings';

/**
 * Pix receiving data on the client: masks while typing and the same checks the server makes
 * (packages/contract/src/pix.ts), so the form explains a bad key before it is sent.
 */

/** Phone digits without the country code: DDD + number (10 or 11 digits). */
function nationalPhone(input: string): string {
  let d = digits(input);
  if (input.trim().startsWith('+') || d.length > 11) {
    if (d.startsWith('55')) d = d.slice(2);
  }
  return d.slice(0, 11);
}

/**
 * Formats the key as it is typed, and a stored key for the form (the phone without +55):
 * 529.982.247-25, 11.222.333/0001-81, (11) 98765-4321.
 */
export function maskPixKey(type: PixKeyType, input: string): string {
  switch (type) {
    case 'cpf':
      return maskCpf(input);
    case 'cnpj':
      return mask(digits(input).slice(0, 14), '##.###.###/####-##');
    case 'phone': {
      const d = nationalPhone(input);
      return d.length <= 10 ? mask(d, '(##) ####-####') : mask(d, '(##) #####-####');
    }
    case 'email':
      return input.replace(/\s/g, '').slice(0, 77);
    case 'random':
      return input
        .toLowerCase()
        .replace(/[^0-9a-f-]/g, '')
        .slice(0, 36);
  }
}

/**
 * The key as the API stores it (CPF/CNPJ digits, e-mail in lower case, phone +55DDDNUMBER,
 * random key lower case), or null when it is not a valid key of that type.
 */
export function normalizePixKey(type: PixKeyType, input: string): string | null {
  const check = checkPixKey(type, input);
  return check.ok ? check.key : null;
}

export interface PixFormValues {
  key_type: PixKeyType;
  key: string;
  name: string;
  city: string;
}

export type PixFormErrors = Partial<Record<'key' | 'name' | 'city', string>>;

/** The form's errors; empty when it can be sent. */
export function validatePixForm(values: PixFormValues): PixFormErrors {
  const errors: PixFormErrors = {};
  if (!values.key.trim()) errors.key = t.subscriptions.pix.keyRequired;
  else if (!normalizePixKey(values.key_type, values.key))
    errors.key = t.subscriptions.pix.invalid[values.key_type];
  const name = foldText(values.name);
  if (!name) errors.name = t.subscriptions.pix.nameRequired;
  else if (name.length > PIX_NAME_MAX) errors.name = t.subscriptions.pix.nameTooLong;
  const city = foldText(values.city);
  if (!city) errors.city = t.subscriptions.pix.cityRequired;
  else if (city.length > PIX_CITY_MAX) errors.city = t.subscriptions.pix.cityTooLong;
  return errors;
}
