import type { PixKeyType } from '@fa-clube/contract';
import { t } from '@/i18n/pt-BR';

/**
 * Pix receiving data on the client: masks while typing and the same checks the server makes
 * (apps/api/src/lib/pix/keys.ts), so the form explains a bad key before it is sent.
 */

/** BR Code limits after folding to ASCII (receiver name 25, city 15). */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;

const digits = (s: string) => s.replace(/\D/g, '');

/** Fills `pattern` ('#' = a digit) with the digits typed so far, stopping at the last one. */
function mask(value: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= value.length) break;
    if (ch === '#') out += value[i++];
    else out += ch;
  }
  return out;
}

/** Phone digits without the country code: DDD + number (10 or 11 digits). */
function nationalPhone(input: string): string {
  let d = digits(input);
  if (input.trim().startsWith('+') || d.length > 11) {
    if (d.startsWith('55')) d = d.slice(2);
  }
  return d.slice(0, 11);
}

/** Formats the key as it is typed: 529.982.247-25, 11.222.333/0001-81, (11) 98765-4321. */
export function maskPixKey(type: PixKeyType, input: string): string {
  switch (type) {
    case 'cpf':
      return mask(digits(input).slice(0, 11), '###.###.###-##');
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

/** Modulo-11 check digit with the given weights (CPF and CNPJ). */
function checkDigit(d: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(d[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const d = digits(input);
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  return (
    checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[9]) &&
    checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[10])
  );
}

export function isValidCnpj(input: string): boolean {
  const d = digits(input);
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  return (
    checkDigit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[12]) &&
    checkDigit(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[13])
  );
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PHONE = /^[1-9][1-9](?:9\d{8}|[2-8]\d{7})$/;

/**
 * The key as the API stores it (CPF/CNPJ digits, e-mail in lower case, phone +55DDDNUMBER,
 * random key lower case), or null when it is not a valid key of that type.
 */
export function normalizePixKey(type: PixKeyType, input: string): string | null {
  const raw = input.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(raw) ? digits(raw) : null;
    case 'cnpj':
      return isValidCnpj(raw) ? digits(raw) : null;
    case 'email': {
      const e = raw.toLowerCase();
      return e.length <= 77 && EMAIL.test(e) ? e : null;
    }
    case 'phone': {
      const d = nationalPhone(raw);
      return PHONE.test(d) ? `+55${d}` : null;
    }
    case 'random': {
      const u = raw.toLowerCase();
      return UUID_V4.test(u) ? u : null;
    }
  }
}

/** The stored key shown in the form's mask (the phone without +55). */
export function displayPixKey(type: PixKeyType, key: string): string {
  return maskPixKey(type, key);
}

/** Name and city as the BR Code carries them: without accents, printable ASCII, single spaces. */
export function foldText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
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
