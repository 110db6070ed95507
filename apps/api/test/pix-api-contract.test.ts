import { describe, expect, it } from 'vitest';
import { loadPixApi } from './support/pix-api/validator';

/**
 * The stand-in PSP's contract check (support/pix-api/validator.ts) against
 * Banco Central's own document: every request example it publishes for the
 * operations we call validates, and requests outside it do not.
 */
const api = loadPixApi();
const OPERATIONS: [string, string][] = [
  ['PUT', '/pix/E12345678202009091221abcdef12345/devolucao/123456'],
  ['PUT', '/webhook/pix@example.com'],
  ['PUT', '/webhookrec'],
  ['PUT', '/webhookcobr'],
  ['POST', '/rec'],
];
const check = (method: string, path: string, body: unknown, query = '') =>
  api.check({ method, path, query: new URLSearchParams(query), body, hasBody: body !== undefined });

describe('API Pix request checks', () => {
  it.each(OPERATIONS)("accepts the document's own request examples: %s %s", (method, path) => {
    const examples = api.requestExamples(method, path);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(check(method, path, example)).toEqual([]);
  });

  it("finds the document's own inconsistencies elsewhere, in fields we never send", () => {
    // its PUT /cob examples (withdrawal and change) leave out the required `calendario`, and
    // its POST /cobr example writes a 9-character `cep` where the schema allows 8
    const cob = api.requestExamples('PUT', '/cob/kk6g232xel65a0daee4dd7d6ddb7c3e9');
    const broken = cob.filter((example) =>
      check('PUT', '/cob/kk6g232xel65a0daee4dd7d6ddb7c3e9', example).includes(
        "PUT /cob/{txid} body must have required property 'calendario'",
      ),
    );
    expect(broken.length).toBeGreaterThan(0);
    const [cobr] = api.requestExamples('POST', '/cobr');
    expect(check('POST', '/cobr', cobr)).toEqual([
      'POST /cobr body/devedor/cep must NOT have more than 8 characters',
    ]);
  });

  it('refuses what the document does not allow', () => {
    expect(
      check('PUT', '/cob/curto', { calendario: {}, valor: { original: '1.00' }, chave: 'x' })[0],
    ).toMatch(/txid/);
    expect(
      check('PUT', '/cob/kk6g232xel65a0daee4dd7d6ddb7c3e9', {
        valor: { original: '1,00' },
        chave: 'x',
        calendario: {},
      }),
    ).not.toEqual([]);
    expect(
      check('POST', '/rec', {
        vinculo: { contrato: '1', devedor: { cpf: '1', nome: 'x' } },
        calendario: { dataInicial: '2025-01-01', periodicidade: 'MENSAL' },
        politicaRetentativa: 'NAO_PERMITE',
      }),
    ).not.toEqual([]);
    expect(check('GET', '/pix', undefined, 'inicio=2020-01-01T00:00:00Z')).toEqual([
      'GET /pix: parâmetro fim obrigatório ausente',
    ]);
    expect(
      check(
        'GET',
        '/pix',
        undefined,
        'inicio=2020-01-01T00:00:00Z&fim=2020-01-02T00:00:00Z&extra=1',
      )[0],
    ).toMatch(/não previsto extra/);
    expect(check('POST', '/locrec', { x: 1 })).toEqual(['POST /locrec: corpo não previsto']);
    expect(check('DELETE', '/cob/kk6g232xel65a0daee4dd7d6ddb7c3e9', undefined)[0]).toMatch(
      /fora do documento/,
    );
  });
});
