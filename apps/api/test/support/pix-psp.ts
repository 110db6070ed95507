import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { writeDynamicBrCode } from './brcode-writer';
import { loadPixApi } from './pix-api/validator';
import type { PixApiCheck } from './pix-api/validator';
import { testCertificates } from './pix-certs';

/**
 * A LOCAL stand-in for a PSP account that speaks Banco Central's API Pix 2.9.0,
 * for tests and the Playwright harness. Nothing leaves 127.0.0.1.
 *
 *  - HTTPS that REQUIRES a client certificate issued by the test CA
 *    (test/support/pix-certs.ts); a handshake without one, or with another, fails.
 *  - POST /oauth/token: client credentials (HTTP Basic) -> { access_token, expires_in }.
 *  - Under /v2, with the bearer token: PUT/GET /cob/{txid}, GET /pix, PUT
 *    /pix/{e2eid}/devolucao/{id}, PUT/DELETE /webhook/{chave}, /webhookrec,
 *    /webhookcobr, GET /rec, POST /locrec, POST /rec, GET/PATCH /rec/{idRec},
 *    POST /cobr, GET /cobr, GET /cobr/{txid} — with in-memory state.
 *  - EVERY request to /v2 is checked against openapi.yaml (pix-api/validator.ts,
 *    ajv): anything outside the document is answered 400 and recorded in
 *    `violations` — tests assert it stays empty. Each request's client
 *    certificate is recorded in `requests`.
 *  - BR Codes are written by its own TLV writer (brcode-writer.ts), not the app's.
 *  - Helpers play the payer's side: pay a charge (optionally losing the
 *    webhook), settle or refuse a recurring debit, cancel a recurrence from the
 *    bank app. Notifications go to the URLs registered through /webhook*, with
 *    "/pix", "/rec" or "/cobr" appended as the Manual says (a Pix without a key
 *    goes to the last Pix webhook registered).
 */
export interface TestPspOptions {
  port?: number;
  host?: string;
  /** When set, /oauth/token requires these and /v2 requires the issued bearer token. */
  clientId?: string;
  clientSecret?: string;
  /** The Pix keys this account owns; absent: any key. */
  keys?: string[];
  /** Whether Pix Automático is enabled for the account (default true). */
  recurrences?: boolean;
  /** The PSP's clock (creation times, GET /cobr's inicio/fim): a test's injected one. */
  clock?: () => Date;
  /** The receiver's name as the PSP writes it in its codes (default longer than 25). */
  merchantName?: string;
}

export interface PixItem {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave?: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: Devolucao[];
}

interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  descricao?: string;
}

export interface TestCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  location: string;
  pixCopiaECola?: string;
  pix: PixItem[];
}

export interface TestRec {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  vinculo: { contrato: string; devedor: { cpf?: string; nome: string }; objeto?: string };
  calendario: { dataInicial: string; periodicidade: string; dataFinal?: string };
  valor?: { valorRec?: string };
  politicaRetentativa: string;
  loc?: { id: number; location: string; criacao: string; idRec: string };
  ativacao?: { dadosJornada?: { txid?: string } };
  atualizacao: { status: string; data: string }[];
  encerramento?: { cancelamento?: { solicitante: string; codigo: string; descricao: string } };
}

export interface TestCobr {
  idRec: string;
  txid: string;
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  calendario: { dataDeVencimento: string; criacao: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  recebedor: { conta: string; tipoConta: string; agencia?: string };
  politicaRetentativa: string;
  atualizacao: { status: string; data: string }[];
  pix?: PixItem[];
}

export interface TestPspRequest {
  method: string;
  path: string;
  /** SHA-256 fingerprint of the client certificate the request came with. */
  certificate: string;
  body: unknown;
}

export interface TestPsp {
  /** The API Pix base (`api_url`): https://127.0.0.1:<port>/v2 */
  url: string;
  /** The token endpoint: https://127.0.0.1:<port>/oauth/token */
  tokenUrl: string;
  cobs: Map<string, TestCob>;
  recs: Map<string, TestRec>;
  cobrs: Map<string, TestCobr>;
  /** Refunds by id. */
  refunds: Map<string, Devolucao & { endToEndId: string }>;
  /** Registered webhook URLs. */
  webhooks: { pix: Map<string, string>; rec: string | null; cobr: string | null };
  settings: {
    /** Answer PUT /cob without pixCopiaECola (the server then builds the code from location). */
    omitCopiaECola: boolean;
    /** Pix Automático enabled for the account (GET /rec answers 200, else 403). */
    recurrences: boolean;
    /** Refuse the registration of this webhook (503). */
    refuseWebhook: 'pix' | 'rec' | 'cobr' | null;
    /** Status a new refund gets. */
    refundStatus: Devolucao['status'];
    /** GET /pix answers 503 (a PSP that is down for the reconciliation). */
    failListPix: boolean;
    /** Create the next POST /cobr's debit, then drop the connection: the answer is lost. */
    loseCobrAnswer: boolean;
  };
  /** Requests outside the OpenAPI document (and other contract breaches): must stay empty. */
  violations: string[];
  requests: TestPspRequest[];
  /** Access tokens issued so far. */
  tokensIssued(): number;
  /**
   * The payer pays an immediate charge; `deliver: false` loses the webhook; `listed: false`
   * leaves it out of GET /pix's lists (a PSP whose list lags: only GET /cob/{txid} shows it).
   */
  pay(
    txid: string,
    opts?: { amount?: string; endToEndId?: string; deliver?: boolean; listed?: boolean },
  ): Promise<Response>;
  /**
   * The recurring debit is settled (CONCLUIDA, with its Pix) and notified on /cobr;
   * `amount` settles it with another value than the debit's (a PSP's error, or a forger's hope).
   */
  settleCobr(
    txid: string,
    opts?: { deliver?: boolean; endToEndId?: string; amount?: string },
  ): Promise<Response>;
  /** A refund the PSP finishes later (from EM_PROCESSAMENTO), notified on /pix with its Pix. */
  finishRefund(id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): Promise<Response>;
  /** The recurring debit failed (REJEITADA or EXPIRADA) and is notified on /cobr. */
  failCobr(txid: string, status?: 'REJEITADA' | 'EXPIRADA'): Promise<Response>;
  /** The payer cancels the recurrence in the bank app, notified on /rec. */
  cancelRecByPayer(idRec: string): Promise<Response>;
  /**
   * The PSP notifies: POSTs the body to a registered webhook (or `url`). What it notifies it
   * holds: a `pix` item it had not received yet is recorded as received (GET /pix/{e2eid}
   * answers it). A forger's POST is a plain fetch to the webhook URL, not this.
   */
  notify(
    body: unknown,
    opts?: {
      kind?: 'pix' | 'rec' | 'cobr';
      url?: string;
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** A port free on 127.0.0.1 now, for a test server the PSP must call back. */
export async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

const alnum = (n: number) => {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(n), (b) => chars[b % chars.length]).join('');
};
/** What a helper answers for a notification it did not deliver. */
const LOST = () => new Response(null, { status: 599, statusText: 'not delivered' });
const stamp = (now: Date) => now.toISOString().replace(/\D/g, '');

/** An API Pix endToEndId: E + ISPB (8) + yyyyMMddHHmm + 11 alphanumerics = 32 characters. */
export function newEndToEndId(now = new Date()): string {
  return `E12345678${stamp(now).slice(0, 12)}${alnum(11)}`;
}

export async function startTestPsp(opts: TestPspOptions = {}): Promise<TestPsp> {
  const certs = testCertificates();
  const api: PixApiCheck = loadPixApi();
  const cobs = new Map<string, TestCob>();
  const recs = new Map<string, TestRec>();
  const cobrs = new Map<string, TestCobr>();
  const locrecs = new Map<
    number,
    { id: number; location: string; criacao: string; idRec?: string }
  >();
  const refunds = new Map<string, Devolucao & { endToEndId: string }>();
  const received: PixItem[] = [];
  /** Received Pix that GET /pix's lists leave out (`pay(…, { listed: false })`). */
  const unlisted = new Set<string>();
  const tokens = new Set<string>();
  const webhooks: TestPsp['webhooks'] = { pix: new Map(), rec: null, cobr: null };
  const settings: TestPsp['settings'] = {
    omitCopiaECola: false,
    recurrences: opts.recurrences ?? true,
    refuseWebhook: null,
    refundStatus: 'DEVOLVIDO',
    failListPix: false,
    loseCobrAnswer: false,
  };
  const violations: string[] = [];
  const requests: TestPspRequest[] = [];
  const merchantName = opts.merchantName ?? 'PSP DE TESTE PAGAMENTOS DIGITAIS LTDA';
  let host = '';
  let nextLoc = 100;

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status);
      return res.end();
    }
    res.writeHead(status, {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    });
    res.end(JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, title: string, detail: string) =>
    send(res, status, {
      type: `https://pix.bcb.gov.br/api/v2/error/${title}`,
      title,
      status,
      detail,
    });
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const authorized = (req: IncomingMessage) => {
    if (!opts.clientId) return true;
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    return Boolean(m && tokens.has(m[1]!));
  };
  const ownsKey = (key: string) => !opts.keys || opts.keys.includes(key);
  const now = () => (opts.clock?.() ?? new Date()).toISOString();
  /** A list's `inicio` and `fim` (ms). */
  const period = (url: URL) =>
    [url.searchParams.get('inicio'), url.searchParams.get('fim')].map((d) => Date.parse(d ?? ''));
  /** A list answer (GET /pix, GET /cobr): its parameters and the asked page of `all`. */
  const listAnswer = (url: URL, key: 'pix' | 'cobsr', all: unknown[]) => {
    const page = Number(url.searchParams.get('paginacao.paginaAtual') ?? 0);
    const size = Number(url.searchParams.get('paginacao.itensPorPagina') ?? 100);
    return {
      parametros: {
        inicio: url.searchParams.get('inicio'),
        fim: url.searchParams.get('fim'),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: size,
          quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
          quantidadeTotalDeItens: all.length,
        },
      },
      [key]: all.slice(page * size, page * size + size),
    };
  };
  const location = (kind: string) => `${host}/qr/v2/${kind}${randomUUID().replace(/-/g, '')}`;

  const deliver = async (
    kind: 'pix' | 'rec' | 'cobr',
    body: unknown,
    o: Parameters<TestPsp['notify']>[1] = {},
  ) => {
    const raw = JSON.stringify(body);
    let base = o.url;
    if (!base && kind === 'pix') {
      const chave = (body as { pix?: PixItem[] }).pix?.[0]?.chave;
      base = (chave && webhooks.pix.get(chave)) || [...webhooks.pix.values()].at(-1);
    }
    if (!base && kind === 'rec') base = webhooks.rec ?? undefined;
    if (!base && kind === 'cobr') base = webhooks.cobr ?? undefined;
    if (!base) throw new Error(`test PSP: no webhook registered for ${kind}`);
    return fetch(`${base.replace(/\/+$/, '')}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...o.headers },
      body: raw,
    });
  };

  const approveRecOf = async (txid: string) => {
    for (const rec of recs.values()) {
      if (rec.ativacao?.dadosJornada?.txid !== txid || rec.status !== 'CRIADA') continue;
      rec.status = 'APROVADA';
      rec.atualizacao.push({ status: 'APROVADA', data: now() });
      if (webhooks.rec)
        await deliver('rec', {
          recs: [
            {
              idRec: rec.idRec,
              status: rec.status,
              atualizacao: rec.atualizacao,
              ativacao: { tipoJornada: 'JORNADA_3', dadosJornada: { txid } },
            },
          ],
        });
    }
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const path = url.pathname.slice('/v2'.length);
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        violations.push(`${req.method} ${path}: corpo não é JSON`);
        return problem(res, 400, 'JsonInvalido', 'Corpo não é JSON.');
      }
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
        violations.push(`${req.method} ${path}: corpo sem content-type application/json`);
    }
    const broken = api.check({
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      hasBody: raw.length > 0,
    });
    if (broken.length) {
      violations.push(...broken);
      return problem(res, 400, 'RequisicaoInvalida', broken.join('; '));
    }
    if (!authorized(req)) return problem(res, 401, 'NaoAutorizado', 'Token ausente ou inválido.');
    const b = (body ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    let m: RegExpExecArray | null;

    if ((m = /^\/cob\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(m[1]!);
      if (req.method === 'GET') {
        const cob = cobs.get(txid);
        return cob ? send(res, 200, cob) : problem(res, 404, 'NaoEncontrado', txid);
      }
      if (cobs.has(txid)) return problem(res, 400, 'CobOperacaoInvalida', 'txid já utilizado.');
      if (!ownsKey(b.chave))
        return problem(res, 400, 'CobOperacaoInvalida', 'A chave não pertence a este recebedor.');
      const loc = location('');
      const cob: TestCob = {
        txid,
        status: 'ATIVA',
        calendario: { criacao: now(), expiracao: b.calendario?.expiracao ?? 86400 },
        valor: { original: b.valor.original },
        chave: b.chave,
        solicitacaoPagador: b.solicitacaoPagador,
        location: loc,
        pixCopiaECola: settings.omitCopiaECola
          ? undefined
          : writeDynamicBrCode({
              paymentUrl: loc,
              amount: b.valor.original,
              name: merchantName,
              city: 'SAO PAULO',
            }),
        pix: [],
      };
      cobs.set(txid, cob);
      return send(res, 201, { ...cob, pix: undefined, revisao: 0 });
    }
    if (path === '/pix' && req.method === 'GET') {
      if (settings.failListPix) return problem(res, 503, 'ServicoIndisponivel', 'Fora do ar.');
      const [from, to] = period(url);
      const all = received.filter((p) => {
        const t = Date.parse(p.horario);
        return t >= from && t <= to && !unlisted.has(p.endToEndId);
      });
      return send(res, 200, listAnswer(url, 'pix', all));
    }
    if ((m = /^\/pix\/([^/]+)$/.exec(path)) && req.method === 'GET') {
      const pix = received.find((p) => p.endToEndId === decodeURIComponent(m![1]!));
      return pix ? send(res, 200, pix) : problem(res, 404, 'NaoEncontrado', 'Pix não encontrado.');
    }
    if ((m = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path)) && req.method === 'GET') {
      const refund = refunds.get(decodeURIComponent(m[2]!));
      return refund && refund.endToEndId === decodeURIComponent(m[1]!)
        ? send(res, 200, { ...refund, endToEndId: undefined })
        : problem(res, 404, 'NaoEncontrado', 'Devolução não encontrada.');
    }
    if ((m = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path)) && req.method === 'PUT') {
      const e2e = decodeURIComponent(m[1]!);
      const id = decodeURIComponent(m[2]!);
      const pix = received.find((p) => p.endToEndId === e2e);
      if (!pix) return problem(res, 404, 'NaoEncontrado', `Pix ${e2e} não encontrado.`);
      const existing = refunds.get(id);
      if (existing) return send(res, 201, { ...existing, endToEndId: undefined });
      const refund = {
        id,
        endToEndId: e2e,
        rtrId: `D12345678${stamp(new Date()).slice(0, 12)}${alnum(11)}`,
        valor: b.valor,
        horario: {
          solicitacao: now(),
          ...(settings.refundStatus === 'DEVOLVIDO' ? { liquidacao: now() } : {}),
        },
        status: settings.refundStatus,
        descricao: b.descricao,
      };
      refunds.set(id, refund);
      (pix.devolucoes ??= []).push({ ...refund, endToEndId: undefined } as unknown as Devolucao);
      return send(res, 201, { ...refund, endToEndId: undefined });
    }
    if ((m = /^\/webhook\/([^/]+)$/.exec(path))) {
      const chave = decodeURIComponent(m[1]!);
      if (!ownsKey(chave))
        return problem(
          res,
          400,
          'WebhookOperacaoInvalida',
          'A chave não pertence a este usuário recebedor.',
        );
      if (req.method === 'DELETE') {
        webhooks.pix.delete(chave);
        return send(res, 204);
      }
      if (settings.refuseWebhook === 'pix')
        return problem(res, 503, 'ServicoIndisponivel', 'webhook');
      webhooks.pix.set(chave, b.webhookUrl);
      return send(res, 200, {});
    }
    if (path === '/webhookrec' || path === '/webhookcobr') {
      const kind = path === '/webhookrec' ? 'rec' : 'cobr';
      if (!settings.recurrences)
        return problem(res, 403, 'AcessoNegado', 'Pix Automático não contratado.');
      if (req.method === 'DELETE') {
        webhooks[kind] = null;
        return send(res, 204);
      }
      if (settings.refuseWebhook === kind) return problem(res, 503, 'ServicoIndisponivel', kind);
      webhooks[kind] = b.webhookUrl;
      return send(res, 200, {});
    }
    if (path === '/rec' && req.method === 'GET') {
      if (!settings.recurrences)
        return problem(res, 403, 'AcessoNegado', 'Pix Automático não contratado.');
      return send(res, 200, {
        parametros: {
          inicio: url.searchParams.get('inicio'),
          fim: url.searchParams.get('fim'),
          paginacao: {
            paginaAtual: 0,
            itensPorPagina: 100,
            quantidadeDePaginas: 1,
            quantidadeTotalDeItens: recs.size,
          },
        },
        recs: [...recs.values()],
      });
    }
    if (path === '/locrec' && req.method === 'POST') {
      const loc = { id: nextLoc++, location: location('rec/'), criacao: now() };
      locrecs.set(loc.id, loc);
      return send(res, 201, loc);
    }
    if (path === '/rec' && req.method === 'POST') {
      if (!settings.recurrences)
        return problem(res, 403, 'AcessoNegado', 'Pix Automático não contratado.');
      const idRec = `RR12345678${stamp(new Date()).slice(0, 8)}${alnum(11)}`;
      const loc = b.loc !== undefined ? locrecs.get(b.loc) : undefined;
      if (b.loc !== undefined && (!loc || loc.idRec))
        return problem(res, 400, 'RecOperacaoInvalida', 'loc inexistente ou já usada.');
      if (loc) loc.idRec = idRec;
      const rec: TestRec = {
        idRec,
        status: 'CRIADA',
        vinculo: b.vinculo,
        calendario: b.calendario,
        valor: b.valor,
        politicaRetentativa: b.politicaRetentativa,
        loc: loc ? { ...loc, idRec } : undefined,
        ativacao: b.ativacao,
        atualizacao: [{ status: 'CRIADA', data: now() }],
      };
      recs.set(idRec, rec);
      return send(res, 201, rec);
    }
    if ((m = /^\/rec\/([^/]+)$/.exec(path))) {
      const rec = recs.get(decodeURIComponent(m[1]!));
      if (!rec) return problem(res, 404, 'NaoEncontrado', 'Recorrência não encontrada.');
      if (req.method === 'GET') {
        const txid = url.searchParams.get('txid');
        const cob = txid ? cobs.get(txid) : undefined;
        const dadosQR =
          rec.loc && cob
            ? {
                jornada: 'JORNADA_3',
                pixCopiaECola: writeDynamicBrCode({
                  paymentUrl: cob.location,
                  recurrenceUrl: rec.loc.location,
                  amount: cob.valor.original,
                  name: merchantName,
                  city: 'SAO PAULO',
                }),
              }
            : undefined;
        return send(res, 200, { ...rec, dadosQR });
      }
      if (b.status === 'CANCELADA') {
        if (rec.status === 'CANCELADA')
          return problem(res, 400, 'RecOperacaoInvalida', 'Já cancelada.');
        rec.status = 'CANCELADA';
        rec.atualizacao.push({ status: 'CANCELADA', data: now() });
        rec.encerramento = {
          cancelamento: {
            solicitante: 'USUARIO_RECEBEDOR',
            codigo: 'SLCR',
            descricao: 'Cancelamento solicitado pelo usuário recebedor',
          },
        };
      }
      return send(res, 200, rec);
    }
    if (path === '/cobr' && req.method === 'POST') {
      const rec = recs.get(b.idRec);
      if (!rec || rec.status !== 'APROVADA')
        return problem(
          res,
          400,
          'CobROperacaoInvalida',
          'Recorrência inexistente ou não aprovada.',
        );
      // Banco Central: one live debit per recurrence and cycle (here: per due date)
      const sameCycle = [...cobrs.values()].some(
        (c) =>
          c.idRec === b.idRec &&
          c.calendario.dataDeVencimento === b.calendario.dataDeVencimento &&
          c.status !== 'REJEITADA' &&
          c.status !== 'CANCELADA',
      );
      if (sameCycle)
        return problem(
          res,
          400,
          'CobROperacaoInvalida',
          'Existe uma CobR com status diferente de REJEITADA e CANCELADA referente ao mesmo idRec no mesmo ciclo.',
        );
      const cobr: TestCobr = {
        idRec: b.idRec,
        txid: alnum(32),
        status: 'CRIADA',
        calendario: {
          dataDeVencimento: b.calendario.dataDeVencimento,
          criacao: now().slice(0, 10),
        },
        valor: b.valor,
        ajusteDiaUtil: b.ajusteDiaUtil,
        recebedor: b.recebedor,
        politicaRetentativa: rec.politicaRetentativa,
        atualizacao: [{ status: 'CRIADA', data: now() }],
      };
      cobrs.set(cobr.txid, cobr);
      if (settings.loseCobrAnswer) {
        settings.loseCobrAnswer = false;
        return req.socket.destroy();
      }
      return send(res, 201, cobr);
    }
    if (path === '/cobr' && req.method === 'GET') {
      const [from, to] = period(url);
      const idRec = url.searchParams.get('idRec');
      const all = [...cobrs.values()].filter((c) => {
        const created = Date.parse(c.atualizacao[0]!.data);
        return created >= from && created <= to && (!idRec || c.idRec === idRec);
      });
      return send(res, 200, listAnswer(url, 'cobsr', all));
    }
    if ((m = /^\/cobr\/([^/]+)$/.exec(path)) && req.method === 'GET') {
      const cobr = cobrs.get(decodeURIComponent(m[1]!));
      return cobr
        ? send(res, 200, cobr)
        : problem(res, 404, 'NaoEncontrado', 'Cobrança não encontrada.');
    }
    violations.push(`${req.method} ${path}: não implementado pelo PSP de teste`);
    return problem(res, 404, 'NaoEncontrado', path);
  }

  const server = createServer(
    {
      key: certs.server.key,
      cert: certs.server.cert,
      ca: certs.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'https://psp.local');
        const raw = await readBody(req);
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        requests.push({
          method: req.method ?? 'GET',
          path: url.pathname + url.search,
          certificate: peer?.fingerprint256 ?? '',
          body: raw ? (JSON.parse(raw.startsWith('{') ? raw : 'null') as unknown) : null,
        });
        if (req.method === 'POST' && url.pathname === '/oauth/token') {
          const expected = `Basic ${Buffer.from(`${opts.clientId ?? ''}:${opts.clientSecret ?? ''}`).toString('base64')}`;
          if (opts.clientId && req.headers.authorization !== expected)
            return problem(res, 401, 'NaoAutorizado', 'Credenciais inválidas.');
          if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
            violations.push('POST /oauth/token: grant_type deve ser client_credentials');
            return problem(
              res,
              400,
              'RequisicaoInvalida',
              'grant_type deve ser client_credentials.',
            );
          }
          const token = randomBytes(24).toString('base64url');
          tokens.add(token);
          return send(res, 200, {
            access_token: token,
            token_type: 'Bearer',
            expires_in: 3600,
            scope:
              'cob.write cob.read pix.read pix.write webhook.write rec.read rec.write cobr.write cobr.read payloadlocationrec.write webhookrec.write webhookcobr.write',
          });
        }
        if (url.pathname.startsWith('/v2/')) return handleApi(req, res, url, raw);
        violations.push(`${req.method} ${url.pathname}: fora da API`);
        return problem(res, 404, 'NaoEncontrado', url.pathname);
      })().catch((err: unknown) => problem(res, 500, 'ErroInternoDoServidor', String(err)));
    },
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  host = `${opts.host ?? '127.0.0.1'}:${port}`;

  const notify: TestPsp['notify'] = (body, o = {}) => {
    const kind = o.kind ?? 'pix';
    if (kind === 'pix')
      for (const item of (body as { pix?: PixItem[] }).pix ?? [])
        if (!received.some((p) => p.endToEndId === item.endToEndId)) received.push({ ...item });
    return deliver(kind, body, o);
  };

  return {
    url: `https://${host}/v2`,
    tokenUrl: `https://${host}/oauth/token`,
    cobs,
    recs,
    cobrs,
    refunds,
    webhooks,
    settings,
    violations,
    requests,
    tokensIssued: () => tokens.size,
    async pay(txid, o = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`test PSP: no charge ${txid}`);
      const item: PixItem = {
        endToEndId: o.endToEndId ?? newEndToEndId(),
        txid,
        valor: o.amount ?? cob.valor.original,
        chave: cob.chave,
        horario: now(),
        infoPagador: 'pagamento de teste',
      };
      cob.status = 'CONCLUIDA';
      cob.pix.push(item);
      received.push(item);
      if (o.listed === false) unlisted.add(item.endToEndId);
      // a lost webhook: the PSP has the Pix (GET /pix, GET /cob) but our server hears nothing
      const answer = o.deliver === false ? LOST() : await notify({ pix: [item] });
      await approveRecOf(txid);
      return answer;
    },
    async settleCobr(txid, o = {}) {
      const cobr = cobrs.get(txid);
      if (!cobr) throw new Error(`test PSP: no recurring charge ${txid}`);
      const item: PixItem = {
        endToEndId: o.endToEndId ?? newEndToEndId(),
        txid,
        valor: o.amount ?? cobr.valor.original,
        horario: now(),
      };
      if (cobr.status !== 'CONCLUIDA') {
        cobr.status = 'CONCLUIDA';
        cobr.pix = [item];
        cobr.atualizacao.push({ status: 'CONCLUIDA', data: now() });
        received.push(item);
      }
      if (o.deliver === false) return LOST();
      return deliver('cobr', {
        cobsr: [
          {
            idRec: cobr.idRec,
            txid,
            status: cobr.status,
            atualizacao: cobr.atualizacao,
            pix: cobr.pix,
          },
        ],
      });
    },
    async finishRefund(id, status) {
      const refund = refunds.get(id);
      const pix = refund && received.find((p) => p.endToEndId === refund.endToEndId);
      if (!refund || !pix) throw new Error(`test PSP: no refund ${id}`);
      refund.status = status;
      if (status === 'DEVOLVIDO') refund.horario.liquidacao = now();
      pix.devolucoes = (pix.devolucoes ?? []).map((d) =>
        d.id === id ? { ...d, status, horario: refund.horario } : d,
      );
      return notify({ pix: [pix] });
    },
    async failCobr(txid, status = 'REJEITADA') {
      const cobr = cobrs.get(txid);
      if (!cobr) throw new Error(`test PSP: no recurring charge ${txid}`);
      cobr.status = status;
      cobr.atualizacao.push({ status, data: now() });
      return deliver('cobr', {
        cobsr: [{ idRec: cobr.idRec, txid, status, atualizacao: cobr.atualizacao }],
      });
    },
    async cancelRecByPayer(idRec) {
      const rec = recs.get(idRec);
      if (!rec) throw new Error(`test PSP: no recurrence ${idRec}`);
      rec.status = 'CANCELADA';
      rec.atualizacao.push({ status: 'CANCELADA', data: now() });
      rec.encerramento = {
        cancelamento: {
          solicitante: 'USUARIO_PAGADOR',
          codigo: 'ACCL',
          descricao: 'Cancelamento pelo usuário pagador',
        },
      };
      return deliver('rec', {
        recs: [
          {
            idRec,
            status: rec.status,
            atualizacao: rec.atualizacao,
            encerramento: rec.encerramento,
          },
        ],
      });
    },
    notify,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
