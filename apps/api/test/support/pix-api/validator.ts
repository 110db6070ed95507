import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

/**
 * Checks requests against Banco Central's API Pix 2.9.0 document (openapi.yaml
 * beside this file, a copy of shared/pix-api/openapi.yaml): the operation must
 * exist, its path and query parameters and its JSON body must validate (ajv,
 * OpenAPI 3.0 `nullable` and formats through ajv-formats). Used by the
 * stand-in PSP on every request it receives.
 *
 * One erratum is applied, and tested (pix-api.test.ts): `RecBase.required`
 * lists `idRec` and `retentativa`, which no request schema defines and the
 * document's own request examples (recBody1, recBody2) leave out — they belong
 * to the recurrence's answer (`idRec`) or are a misspelling of the required
 * `politicaRetentativa`. They are taken out of the list for requests. And a
 * few patterns are written between slashes (`"/^\\d{11}$/"`, the CPF of
 * `PessoaFisicaRecorrencia`), which JSON Schema reads as literal slashes, so
 * that the document's own examples would fail: the slashes are dropped.
 */
type Json = Record<string, unknown>;
type Param = { name: string; in: string; required?: boolean; schema?: Json };
type Operation = {
  parameters?: (Param | { $ref: string })[];
  requestBody?: Json;
};

export interface PixApiCheck {
  /** null when fine; else what is wrong, one line per violation. */
  check(req: {
    method: string;
    path: string;
    query: URLSearchParams;
    body: unknown;
    hasBody: boolean;
  }): string[];
  /** The document's request-body examples of the given operation, resolved. */
  requestExamples(method: string, path: string): unknown[];
}

const DOC_ID = 'pix-api';

export function loadPixApi(file = new URL('./openapi.yaml', import.meta.url)): PixApiCheck {
  const doc = YAML.parse(readFileSync(file, 'utf8')) as Json & {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Json> };
  };
  // the erratum (see above)
  const recBase = doc.components.schemas.RecBase as { required: string[] };
  recBase.required = recBase.required.filter((r) => r !== 'idRec' && r !== 'retentativa');
  const unslash = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(unslash);
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if (typeof o.pattern === 'string' && /^\/.*\/$/.test(o.pattern))
      o.pattern = o.pattern.slice(1, -1);
    Object.values(o).forEach(unslash);
  };
  unslash(doc);

  const pointer = (ref: string): Json => {
    if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .reduce<Json>((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc as Json);
  };
  const deref = <T>(x: T | { $ref: string }): T =>
    x && typeof x === 'object' && '$ref' in x ? (pointer(x.$ref) as T) : (x as T);
  /** A schema of the document made compilable on its own: its refs point into the document. */
  const inDoc = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(inDoc);
    if (schema && typeof schema === 'object') {
      const out: Json = {};
      for (const [k, v] of Object.entries(schema))
        out[k] = k === '$ref' && typeof v === 'string' ? `${DOC_ID}${v}` : inDoc(v);
      return out;
    }
    return schema;
  };

  const options = { strict: false, allErrors: true, validateSchema: false } as const;
  const bodies = new Ajv(options);
  const params = new Ajv({ ...options, coerceTypes: true });
  for (const ajv of [bodies, params]) {
    addFormats.default(ajv);
    for (const f of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
      ajv.addFormat(f, true);
    ajv.addSchema(doc, DOC_ID);
  }

  const routes = Object.keys(doc.paths).map((template) => ({
    template,
    regex: new RegExp(
      '^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '([^/]+)') + '$',
    ),
    names: [...template.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]!),
  }));

  const cache = new Map<string, ValidateFunction>();
  const compile = (ajv: Ajv, key: string, schema: unknown) => {
    let v = cache.get(key);
    if (!v) {
      v = ajv.compile(inDoc(schema) as Json);
      cache.set(key, v);
    }
    return v;
  };
  const describe = (v: ValidateFunction, where: string) =>
    (v.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? ''}`.trim());

  /**
   * The routes a path may be, most specific first: literal segments win over
   * parameters (/rec/{idRec} over /{pixUrlAccessToken}); among equals (/rec/{idRec}
   * and the location's /rec/{recUrlAccessToken}) the request is checked
   * against each and fits if one accepts it.
   */
  const operationsOf = (method: string, path: string) =>
    routes
      .map((r) => ({ r, m: r.regex.exec(path) }))
      .filter((x) => x.m && doc.paths[x.r.template]![method.toLowerCase()])
      .sort((a, b) => a.r.names.length - b.r.names.length)
      .filter((x, _, all) => x.r.names.length === all[0]!.r.names.length)
      .map((hit) => {
        const item = doc.paths[hit.r.template]!;
        return { hit, item, op: item[method.toLowerCase()]! };
      });
  const operationOf = (method: string, path: string) => operationsOf(method, path)[0] ?? null;

  return {
    check(req) {
      const candidates = operationsOf(req.method, req.path);
      if (!candidates.length) return [`${req.method} ${req.path}: operação fora do documento`];
      const results = candidates.map((c) => checkOne(c, req));
      return results.find((r) => r.length === 0) ?? results[0]!;
    },
    requestExamples(method, path) {
      const found = operationOf(method, path);
      const requestBody = found?.op.requestBody ? deref<Json>(found.op.requestBody) : null;
      const media = (requestBody?.content as Json | undefined)?.['application/json'] as
        { examples?: Record<string, Json> } | undefined;
      return Object.values(media?.examples ?? {}).map((e) => deref<Json>(e).value);
    },
  };

  function checkOne(
    { hit, item, op }: NonNullable<ReturnType<typeof operationOf>>,
    { method, query, body, hasBody }: Parameters<PixApiCheck['check']>[0],
  ): string[] {
    {
      const where = `${method} ${hit.r.template}`;
      const problems: string[] = [];
      const declared = [
        ...((item.parameters as Operation['parameters']) ?? []),
        ...(op.parameters ?? []),
      ].map((p) => deref<Param>(p));
      const pathValues = Object.fromEntries(
        hit.r.names.map((n, i) => [n, decodeURIComponent(hit.m![i + 1]!)]),
      );
      for (const p of declared) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const value = p.in === 'path' ? pathValues[p.name] : (query.get(p.name) ?? undefined);
        if (value === undefined) {
          if (p.required) problems.push(`${where}: parâmetro ${p.name} obrigatório ausente`);
          continue;
        }
        const v = compile(params, `${where} param ${p.name}`, {
          type: 'object',
          properties: { v: p.schema ?? {} },
        });
        if (!v({ v: value })) problems.push(...describe(v, `${where} ${p.in}.${p.name}`));
      }
      for (const name of new Set(query.keys()))
        if (!declared.some((p) => p.in === 'query' && p.name === name))
          problems.push(`${where}: parâmetro de consulta não previsto ${name}`);
      const requestBody = op.requestBody ? deref<Json>(op.requestBody) : null;
      const schema = (requestBody?.content as Json | undefined)?.['application/json'] as
        { schema?: Json } | undefined;
      if (!schema?.schema) {
        if (hasBody) problems.push(`${where}: corpo não previsto`);
      } else if (!hasBody) {
        if (requestBody?.required) problems.push(`${where}: corpo obrigatório ausente`);
      } else {
        const v = compile(bodies, `${where} body`, schema.schema);
        if (!v(body)) problems.push(...describe(v, `${where} body`));
      }
      return problems;
    }
  }
}
