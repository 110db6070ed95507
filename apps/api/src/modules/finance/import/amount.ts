import { AMOUNT_MAX_CENTS } from '@fa-clube/contract';
import { parsed, quoteCell, refused } from './types';
import type { Parsed } from './types';

/**
 * The one amount parser of the import: a bank file's amount text to signed
 * integer centavos, in string arithmetic (no float ever holds the value).
 *
 * Reads "1.234,56", "-1.234,56", "R$ 10,00", "-R$ 10,00", "R$ -10,00",
 * "(30,00)" (negative), "10,00-" and "10,00 D" (debit), "10.50" and "-10.5"
 * (dot decimals: Nubank CSV, OFX 2.x), "1,234.56", OFX comma decimals "-45,90"
 * and whole numbers. When both separators appear the last one is the decimal
 * one; a lone separator followed by one or two digits is decimal. "1.234" and
 * "1,234" are refused as ambiguous (thousands or three decimals?) rather than
 * guessed: a wrong guess would book a thousand times the money.
 */
export function parseAmount(input: string): Parsed<number> {
  const invalid = () => refused<number>(`Valor inválido: ${quoteCell(input)}.`);
  let text = input
    .normalize('NFKC')
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .trim();
  if (!text) return refused('Valor em branco.');

  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1]!.trim();
  }
  const debitCredit = /^(.*\d)\s*([DC])$/i.exec(text);
  if (debitCredit) {
    text = debitCredit[1]!;
    if (debitCredit[2]!.toUpperCase() === 'D') negative = true;
  }
  text = text
    .replace(/R\$|BRL/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const m = /^([+-]?)\s?([\d.,]+)\s?(-?)$/.exec(text);
  if (!m) return invalid();
  const [, leadingSign, number, trailingMinus] = m;
  if (leadingSign && trailingMinus) return invalid();
  if (leadingSign === '-' || trailingMinus) negative = true;

  const split = splitDecimal(number!);
  if (!split.ok) return refused(`${split.message}: ${quoteCell(input)}.`);
  const { whole, fraction } = split.value;
  if (whole.replace(/^0+/, '').length > 12)
    return refused(`Valor fora do limite: ${quoteCell(input)}.`);
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > AMOUNT_MAX_CENTS) return refused(`Valor fora do limite: ${quoteCell(input)}.`);
  return parsed(negative && cents !== 0 ? -cents : cents);
}

/** "1.234,56" -> { whole: "1234", fraction: "56" }; digits and separators only. */
function splitDecimal(number: string): Parsed<{ whole: string; fraction: string }> {
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  if (lastDot < 0 && lastComma < 0) return plainDigits(number, '');

  const decimalAt = Math.max(lastDot, lastComma);
  const decimal = number[decimalAt]!;
  const thousands = decimal === '.' ? ',' : '.';
  const count = (sep: string) => number.split(sep).length - 1;

  if (lastDot >= 0 && lastComma >= 0) {
    // Both appear: the last is the decimal separator, used once; the other groups thousands.
    if (count(decimal) > 1) return refused('Valor inválido');
    return grouped(number.slice(0, decimalAt), thousands, number.slice(decimalAt + 1));
  }
  if (count(decimal) > 1) return grouped(number, decimal, '');

  const whole = number.slice(0, decimalAt);
  const fraction = number.slice(decimalAt + 1);
  if (fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole))
    return refused(
      'Valor ambíguo (milhar ou três casas decimais?); escreva os centavos, como 1.234,00',
    );
  return plainDigits(whole, fraction);
}

/** "1.234.567" with `sep` "." -> "1234567"; groups of three after the first. */
function grouped(whole: string, sep: string, fraction: string) {
  const groups = whole.split(sep);
  const wellGrouped =
    /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
  if (!wellGrouped) return refused<{ whole: string; fraction: string }>('Valor inválido');
  return plainDigits(groups.join(''), fraction);
}

function plainDigits(whole: string, fraction: string): Parsed<{ whole: string; fraction: string }> {
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (!whole && !fraction))
    return refused('Valor inválido');
  if (fraction.length > 2) return refused('Use no máximo duas casas decimais');
  return parsed({ whole, fraction });
}
