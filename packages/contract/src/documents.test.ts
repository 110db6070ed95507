import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import {
  anniversary,
  COUNTRY_CODES,
  CountryCode,
  DateOfBirth,
  isAdult,
  isCountryCode,
  LegalId,
} from './documents';
import { isValidCnpj, isValidCpf, normalizeLegalId } from './legal-id';
import { isIsoDate, todayIn } from './dates';

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', ' 111 444 777 35 '])(
    'accepts %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );

  it.each([
    ['a wrong first check digit', '529.982.247-15'],
    ['a wrong second check digit', '529.982.247-24'],
    ['all digits equal', '111.111.111-11'],
    ['all zeros', '000.000.000-00'],
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['letters', '52998224A25'],
  ])('refuses %s', (_, cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe('CNPJ', () => {
  it.each([
    ['numeric', '11.222.333/0001-81'],
    ['numeric, bare', '11444777000161'],
    // The Receita Federal's own example of an alphanumeric CNPJ.
    ['alphanumeric (Receita Federal example)', '12.ABC.345/01DE-35'],
    ['alphanumeric, bare', '12ABC34501DE35'],
    ['alphanumeric, typed in lower case', '12.abc.345/01de-35'],
    ['alphanumeric, letters everywhere', 'A1.B2C.3D4/E5F6-68'],
    ['alphanumeric root, numeric branch', 'ZZ.ZZZ.ZZZ/0001-91'],
  ])('accepts a %s CNPJ', (_, cnpj) => expect(isValidCnpj(cnpj)).toBe(true));

  it.each([
    ['a wrong first check digit', '11.222.333/0001-91'],
    ['a wrong second check digit', '11.222.333/0001-80'],
    ['a wrong alphanumeric check digit', '12.ABC.345/01DE-36'],
    ['a letter among the check digits', '12ABC34501DE3A'],
    ['a character outside 0-9/A-Z', '12.AB#.345/01DE-35'],
    ['an accented letter', '12ÁBC34501DE35'],
    ['all characters equal', '00.000.000/0000-00'],
    ['all letters equal', 'AAAAAAAAAAAAAA'],
    ['13 characters', '1122233300018'],
  ])('refuses %s', (_, cnpj) => expect(isValidCnpj(cnpj)).toBe(false));
});

describe('normalizeLegalId / LegalId', () => {
  it('tells a CPF from a CNPJ and strips the punctuation', () => {
    expect(normalizeLegalId('529.982.247-25')).toEqual({
      ok: true,
      kind: 'cpf',
      value: '52998224725',
    });
    expect(normalizeLegalId('12.abc.345/01de-35')).toEqual({
      ok: true,
      kind: 'cnpj',
      value: '12ABC34501DE35',
    });
  });

  it('explains what is wrong', () => {
    expect(normalizeLegalId('529.982.247-24')).toEqual({
      ok: false,
      message: 'CPF inválido: confira os dígitos.',
    });
    expect(normalizeLegalId('12.ABC.345/01DE-36')).toMatchObject({
      ok: false,
      message: expect.stringContaining('CNPJ inválido'),
    });
    expect(normalizeLegalId('123')).toMatchObject({
      ok: false,
      message: expect.stringContaining('CPF (11 dígitos) ou um CNPJ (14 caracteres)'),
    });
  });

  it('is the zod schema the API and the forms use', () => {
    expect(LegalId.parse('11.222.333/0001-81')).toBe('11222333000181');
    const bad = LegalId.safeParse('111.111.111-11');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('CPF inválido: confira os dígitos.');
    expect(LegalId.safeParse(12345678901).success).toBe(false);
  });
});

describe('countries', () => {
  it('is the ISO 3166-1 alpha-2 list as i18n-iso-countries keeps it', () => {
    expect(COUNTRY_CODES).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
  });

  it('accepts ISO 3166-1 alpha-2 codes in any case and answers upper case', () => {
    expect(isCountryCode('BR')).toBe(true);
    expect(isCountryCode('PT')).toBe(true);
    expect(CountryCode.parse(' br ')).toBe('BR');
  });

  it.each(['BRA', 'ZZ', 'UK', 'EU', '76', ''])('refuses %j', (code) => {
    expect(CountryCode.safeParse(code).success).toBe(false);
  });
});

describe('dates of birth and the 18+ rule', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('24-01-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
  });

  it('is adult from the 18th birthday on, not the day before', () => {
    expect(isAdult('2006-05-10', '2024-05-09')).toBe(false);
    expect(isAdult('2006-05-10', '2024-05-10')).toBe(true);
    expect(isAdult('2006-05-10', '2030-01-01')).toBe(true);
    expect(isAdult('2006-12-31', '2024-12-30')).toBe(false);
    expect(isAdult('2007-01-01', '2024-12-31')).toBe(false);
  });

  it('someone born on 29 February comes of age on 1 March in a common year', () => {
    expect(anniversary('2008-02-29', 18)).toBe('2026-03-01');
    expect(isAdult('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdult('2008-02-29', '2026-03-01')).toBe(true);
    // ... and on 29 February when the 18th year is a leap year
    expect(anniversary('2004-02-29', 18)).toBe('2022-03-01');
    expect(anniversary('2002-02-28', 18)).toBe('2020-02-28');
    expect(anniversary('1996-02-29', 4)).toBe('2000-02-29');
    expect(isAdult('1982-02-28', '2000-02-28')).toBe(true);
  });

  it('refuses invalid dates instead of guessing', () => {
    expect(() => isAdult('2006-02-30', '2024-05-10')).toThrow(RangeError);
    expect(() => isAdult('2006-02-10', 'hoje')).toThrow(RangeError);
  });

  it('takes today in São Paulo', () => {
    // 02:00 UTC on 1 January is still 31 December in São Paulo (UTC-3)
    expect(todayIn('America/Sao_Paulo', new Date('2025-01-01T02:00:00Z'))).toBe('2024-12-31');
    expect(todayIn('America/Sao_Paulo', new Date('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
  });

  it('DateOfBirth wants a real date in the past', () => {
    expect(DateOfBirth.parse('1990-07-15')).toBe('1990-07-15');
    const tomorrow = todayIn('America/Sao_Paulo', new Date(Date.now() + 2 * 86_400_000));
    expect(DateOfBirth.safeParse(tomorrow).error?.issues[0]?.message).toBe(
      'A data de nascimento deve estar no passado.',
    );
    expect(DateOfBirth.safeParse('15/07/1990').success).toBe(false);
    expect(DateOfBirth.safeParse('1990-02-30').success).toBe(false);
    expect(DateOfBirth.safeParse('1850-01-01').success).toBe(false);
  });
});
