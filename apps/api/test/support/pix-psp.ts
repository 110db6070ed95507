import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { decimalStringToCents, encodeBrCode } from '../../src/lib/pix';

/**
 * A LOCAL stand-in for a PSP that speaks Banco Central's API Pix, for tests and
 * the Playwright harness. Nothing leaves 127.0.0.1.
 *
 *   POST /oauth/token          client credentials (HTTP Basic) -> { access_token, expires_in }
 *   PUT  /cob/{txid}           immediate charge (txid 26..35 [a-zA-Z0-9]) -> 201 { location, pixCopiaECola, ... }
 *   GET  /cob/{txid}           the charge, with `pix` once paid
 *   pay(txid, { amount?, endToEndId? })  "the payer paid": POSTs the signed webhook to our server
 *   notify(body)               POSTs any webhook body, signed (X-Webhook-Signature: sha256=<hmac>)
 * Like a real PSP it POSTs to the registered webhook URL with "/pix" appended.
 */
export interface TestPspOptions {
  port?: number;
  /** Our server's webhook, e.g. http://127.0.0.1:3000/api/v1/webhooks/pix/apipix */
  webhookUrl: string;
  webhookSecret: string;
  /** When set, /oauth/token requires these and /cob requires the issued bearer token. */
  clientId?: string;
  clientSecret?: string;
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
  pix: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface TestPsp {
  url: string;
  /** Charges created through PUT /cob, by txid. */
  cobs: Map<string, TestCob>;
  /** Mutable: answer PUT /cob without pixCopiaECola (the server then builds the code from location). */
  settings: { omitCopiaECola: boolean };
  /** Access tokens issued so far. */
  tokensIssued(): number;
  pay(txid: string, opts?: { amount?: string; endToEndId?: string }): Promise<Response>;
  notify(
    body: unknown,
    opts?: { signature?: string | null; headers?: Record<string, string>; url?: string },
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

/** An API Pix endToEndId: E + ISPB (8) + yyyyMMddHHmm + 11 alphanumerics = 32 characters. */
export function newEndToEndId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = randomBytes(16).toString('hex').slice(0, 11);
  return `E12345678${stamp}${tail}`;
}

export function signBody(secret: string, raw: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;
}

export async function startTestPsp(opts: TestPspOptions): Promise<TestPsp> {
  const cobs = new Map<string, TestCob>();
  const tokens = new Set<string>();
  const settings = { omitCopiaECola: false };
  let host = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
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

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://psp.local');
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const expected = `Basic ${Buffer.from(`${opts.clientId ?? ''}:${opts.clientSecret ?? ''}`).toString('base64')}`;
        if (opts.clientId && req.headers.authorization !== expected)
          return problem(res, 401, 'NaoAutorizado', 'Credenciais inválidas.');
        const body = new URLSearchParams(await readBody(req));
        if (body.get('grant_type') !== 'client_credentials')
          return problem(res, 400, 'RequisicaoInvalida', 'grant_type deve ser client_credentials.');
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        return send(res, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'cob.write cob.read',
        });
      }
      const cobMatch = /^\/cob\/([^/]+)$/.exec(url.pathname);
      if (cobMatch) {
        if (!authorized(req))
          return problem(res, 401, 'NaoAutorizado', 'Token ausente ou inválido.');
        const txid = decodeURIComponent(cobMatch[1]!);
        if (req.method === 'GET') {
          const cob = cobs.get(txid);
          return cob ? send(res, 200, cob) : problem(res, 404, 'CobrancaNaoEncontrada', txid);
        }
        if (req.method === 'PUT') {
          if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
            return problem(res, 400, 'CobOperacaoInvalida', 'txid deve ter de 26 a 35 caracteres.');
          if (cobs.has(txid)) return problem(res, 409, 'CobOperacaoInvalida', 'txid já utilizado.');
          let body: {
            calendario?: { expiracao?: number };
            valor?: { original?: string };
            chave?: string;
            solicitacaoPagador?: string;
          };
          try {
            body = JSON.parse(await readBody(req));
          } catch {
            return problem(res, 400, 'JsonInvalido', 'Corpo não é JSON.');
          }
          const original = body.valor?.original ?? '';
          const cents = /^\d{1,10}\.\d{2}$/.test(original) ? decimalStringToCents(original) : null;
          if (!cents || !body.chave)
            return problem(res, 400, 'CobOperacaoInvalida', 'valor.original e chave obrigatórios.');
          const location = `${host}/qr/v2/${randomUUID().replace(/-/g, '')}`;
          const cob: TestCob = {
            txid,
            status: 'ATIVA',
            calendario: {
              criacao: new Date().toISOString(),
              expiracao: body.calendario?.expiracao ?? 86400,
            },
            valor: { original },
            chave: body.chave,
            solicitacaoPagador: body.solicitacaoPagador,
            location,
            pixCopiaECola: settings.omitCopiaECola
              ? undefined
              : encodeBrCode({
                  url: location,
                  amountCents: cents,
                  merchantName: 'PSP DE TESTE',
                  merchantCity: 'SAO PAULO',
                }),
            pix: [],
          };
          cobs.set(txid, cob);
          return send(res, 201, { ...cob, pix: undefined, revisao: 0 });
        }
      }
      return problem(res, 404, 'NaoEncontrado', url.pathname);
    })().catch((err: unknown) => problem(res, 500, 'ErroInterno', String(err)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;

  const notify: TestPsp['notify'] = (body, o = {}) => {
    const raw = JSON.stringify(body);
    const signature = o.signature === undefined ? signBody(opts.webhookSecret, raw) : o.signature;
    // as the Manual says: the PSP calls the registered URL with "/pix" appended
    return fetch(o.url ?? `${opts.webhookUrl.replace(/\/+$/, '')}/pix`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-webhook-signature': signature } : {}),
        ...o.headers,
      },
      body: raw,
    });
  };

  return {
    url: `http://${host}`,
    cobs,
    settings,
    tokensIssued: () => tokens.size,
    async pay(txid, o = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`test PSP: no charge ${txid}`);
      const item = {
        endToEndId: o.endToEndId ?? newEndToEndId(),
        txid,
        valor: o.amount ?? cob.valor.original,
        chave: cob.chave,
        horario: new Date().toISOString(),
        infoPagador: 'pagamento de teste',
      };
      cob.status = 'CONCLUIDA';
      cob.pix.push(item);
      return notify({ pix: [item] });
    },
    notify,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
