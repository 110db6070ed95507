import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';

const cents = (text: string) => {
  const r = parseAmount(text);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('parseAmount', () => {
  it.each([
    ['1.234,56', 123456],
    ['-1.234,56', -123456],
    ['R$ 10,00', 1000],
    ['-R$ 10,00', -1000],
    ['R$ -10,00', -1000],
    ['R$-10,00', -1000],
    ['- R$ 10,00', -1000],
    ['(30,00)', -3000],
    ['(R$ 30,00)', -3000],
    ['10,00-', -1000],
    ['10,00 D', -1000],
    ['10,00 C', 1000],
    ['10.50', 1050],
    ['-10.5', -1050],
    ['1,234.56', 123456],
    ['-45,90', -4590],
    ['5.000,00', 500000],
    ['1.234.567,89', 123456789],
    ['1,234,567.89', 123456789],
    ['1.234.567', 123456700],
    ['149', 14900],
    ['+12,3', 1230],
    ['0,01', 1],
    ['.5', 50],
    ['\u00a0R$\u00a01.000,00\u00a0', 100000],
    ['\u2212 8,50', -850],
    ['999.999.999,99', 99999999999],
    ['-0,00', 0],
  ])('reads %s as %i centavos', (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it('never rounds through a float: 0,1 + 0,2 is 30 centavos', () => {
    expect(cents('0,1') + cents('0,2')).toBe(30);
    expect(cents('0.1') + cents('0.2')).toBe(30);
    expect(cents('19,99') * 3).toBe(5997);
  });

  it.each([
    ['', 'Valor em branco.'],
    ['abc', 'Valor inválido: "abc".'],
    [
      '1.234',
      'Valor ambíguo (milhar ou três casas decimais?); escreva os centavos, como 1.234,00: "1.234".',
    ],
    [
      '1,234',
      'Valor ambíguo (milhar ou três casas decimais?); escreva os centavos, como 1.234,00: "1,234".',
    ],
    ['0,505', 'Use no máximo duas casas decimais: "0,505".'],
    [
      '10,123',
      'Valor ambíguo (milhar ou três casas decimais?); escreva os centavos, como 1.234,00: "10,123".',
    ],
    ['1.234,567', 'Use no máximo duas casas decimais: "1.234,567".'],
    ['1234.567', 'Use no máximo duas casas decimais: "1234.567".'],
    ['1.23.45', 'Valor inválido: "1.23.45".'],
    ['12.34.567,00', 'Valor inválido: "12.34.567,00".'],
    ['1,2,3.4.5', 'Valor inválido: "1,2,3.4.5".'],
    ['1e3', 'Valor inválido: "1e3".'],
    ['NaN', 'Valor inválido: "NaN".'],
    ['Infinity', 'Valor inválido: "Infinity".'],
    ['-10,00-', 'Valor inválido: "-10,00-".'],
    ['10 20', 'Valor inválido: "10 20".'],
    ['US$ 10', 'Valor inválido: "US$ 10".'],
    ['1.000.000.000,00', 'Valor fora do limite: "1.000.000.000,00".'],
    ['9'.repeat(400), `Valor fora do limite: "${'9'.repeat(40)}…".`],
  ])('refuses %j', (text, message) => {
    expect(parseAmount(text)).toEqual({ ok: false, message });
  });
});
