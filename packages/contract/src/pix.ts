// Pix rules shared by the server and the web client: the text a BR Code may
// carry and the Pix key checks. Pure functions, no Node or browser APIs.
import { isValidCnpj, isValidCpf, stripDocument } from './legal-id';
import type { PixKeyType } from './subscriptions';

/** BR Code limits after folding to ASCII: receiver name (59) and city (60). */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;

/**
 * Text for the BR Code: the Manual asks for the EMV character set, so accents
 * are stripped and case is kept ("São Paulo" -> "Sao Paulo"). Anything that is
 * still outside printable ASCII after folding is dropped, and runs of spaces
 * collapse to one.
 */
export function foldText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Printable ASCII only: what an EMV field may carry. */
export const isBrCodeText = (value: string) => /^[\x20-\x7E]*$/.test(value);

export type PixKeyCheck = { ok: true; key: string } | { ok: false; message: string };

const digitsOf = (s: string) => s.replace(/[\s.\-/()]/g, '');

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Validates a Pix key of the given type (DICT: CPF, CNPJ, e-mail, phone,
 * random key) and answers it in the form the BR Code carries: CPF/CNPJ as
 * digits, e-mail in lower case, phone as +55DDDNUMBER (E.164), random key as
 * a lower-case UUID v4.
 */
export function normalizePixKey(type: PixKeyType, input: string): PixKeyCheck {
  const raw = input.trim();
  switch (type) {
    case 'cpf': {
      const d = stripDocument(raw);
      return isValidCpf(d) ? { ok: true, key: d } : { ok: false, message: 'CPF inválido.' };
    }
    case 'cnpj': {
      const d = stripDocument(raw);
      return isValidCnpj(d) ? { ok: true, key: d } : { ok: false, message: 'CNPJ inválido.' };
    }
    case 'email': {
      const e = raw.toLowerCase();
      if (e.length > 77 || !EMAIL.test(e)) return { ok: false, message: 'E-mail inválido.' };
      return { ok: true, key: e };
    }
    case 'phone': {
      let d = digitsOf(raw);
      if (d.startsWith('+')) d = d.slice(1);
      else if (/^\d{10,11}$/.test(d)) d = `55${d}`;
      // +55, DDD 11..99 (no zero digit), then 8 digits (landline) or 9 starting with 9 (mobile).
      const ok = /^55[1-9][1-9](?:9\d{8}|[2-8]\d{7})$/.test(d);
      return ok
        ? { ok: true, key: `+${d}` }
        : {
            ok: false,
            message: 'Telefone inválido: use +55, o DDD e o número, ex.: +5511987654321.',
          };
    }
    case 'random': {
      const u = raw.toLowerCase();
      return UUID_V4.test(u)
        ? { ok: true, key: u }
        : { ok: false, message: 'Chave aleatória inválida: deve ser um UUID (versão 4).' };
    }
  }
}
