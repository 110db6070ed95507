/**
 * The journeys' test harness, started by playwright.config.ts before the app:
 *  - a real SMTP server (smtp-server + mailparser) that keeps every message it receives, readable
 *    over HTTP: GET /messages?to=<address> (newest last), DELETE /messages;
 *  - the local OpenID Connect provider of apps/api/test/support/oidc.ts, standing in for
 *    Google: GET /oidc answers { issuer };
 *  - the stand-in PSP of apps/api/test/support/pix-psp.ts (API Pix over mutual TLS, every request
 *    checked against Banco Central's openapi.yaml), its test CA written to
 *    <E2E_DATA_DIR>/psp-ca.pem for the app's PIX_CA_FILE. Over HTTP: GET /psp (its URLs, client
 *    credentials and the client certificate to upload, PEM and PKCS#12), and the payer's and the
 *    bank's side: POST /psp/pay { code | txid }, POST /psp/settle { txid | idRec },
 *    POST /psp/cancel-recurrence { idRec }, POST /psp/unmatched { amount }, and
 *    GET /psp/violations (requests outside the document: must stay empty).
 * On SIGTERM/SIGINT it closes them and removes the run's temporary DATA_DIR (E2E_DATA_DIR).
 *
 *   npx tsx apps/web/e2e/support/harness.ts
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestOidcProvider } from '../../../api/test/support/oidc';
import { testCertificates } from '../../../api/test/support/pix-certs';
import { newEndToEndId, startTestPsp } from '../../../api/test/support/pix-psp';
import { CONFIRMATION_SUBJECT, startTestSmtp } from '../../../api/test/support/smtp';
import { E2E, appUrl, pspCaFile } from './env';

// The API's own test servers: a real SMTP server that keeps what it receives, and the
// OpenID Connect provider that stands in for Google.
const smtp = await startTestSmtp({ port: E2E.smtpPort, host: E2E.host });
const { account } = E2E.google;
const oidc = await startTestOidcProvider({
  port: E2E.oidcPort,
  host: E2E.host,
  clientId: E2E.google.clientId,
  clientSecret: E2E.google.clientSecret,
  redirectUris: [`${appUrl}/api/v1/auth/google/callback`],
  accounts: {
    [account.id]: { email: account.email, email_verified: true, name: account.name },
    // linked from Segurança by the google-link journey (chosen by login_hint)
    [E2E.google.linkAccount.id]: {
      email: E2E.google.linkAccount.email,
      email_verified: true,
      name: E2E.google.linkAccount.name,
    },
    'google-unverified': {
      email: 'unverified.google@example.com',
      email_verified: false,
      name: 'Sem Verificação',
    },
  },
});

// A PSP account that speaks Banco Central's API Pix, for the Pix journeys: any Pix key is the
// account's, Pix Automático is enabled. The app trusts its server certificate via PIX_CA_FILE.
const certs = testCertificates();
const psp = await startTestPsp({ host: E2E.host, ...E2E.psp });
if (process.env.E2E_DATA_DIR) writeFileSync(pspCaFile(process.env.E2E_DATA_DIR), certs.ca);

async function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

/** The payer's and the bank's side of the stand-in PSP. */
async function pspAction(action: string, body: Record<string, string>) {
  switch (action) {
    case 'pay': {
      // the payer scans a code: the charge whose location the (composite) code carries
      const cob = body.txid
        ? psp.cobs.get(body.txid)
        : [...psp.cobs.values()].find((c) =>
            body.code?.includes(c.location.replace(/^https?:\/\//, '')),
          );
      if (!cob) return { status: 404, body: { message: 'cobrança não encontrada no PSP' } };
      const delivered = await psp.pay(cob.txid);
      return { status: 200, body: { txid: cob.txid, webhook: delivered.status } };
    }
    case 'settle': {
      const cobr = body.txid
        ? psp.cobrs.get(body.txid)
        : [...psp.cobrs.values()].filter((c) => c.idRec === body.idRec).at(-1);
      if (!cobr) return { status: 404, body: { message: 'cobrança recorrente não encontrada' } };
      const delivered = await psp.settleCobr(cobr.txid);
      return { status: 200, body: { txid: cobr.txid, webhook: delivered.status } };
    }
    case 'cancel-recurrence': {
      const idRec = body.idRec ?? [...psp.recs.keys()].at(-1);
      if (!idRec || !psp.recs.has(idRec))
        return { status: 404, body: { message: 'recorrência não encontrada' } };
      const delivered = await psp.cancelRecByPayer(idRec);
      return { status: 200, body: { idRec, webhook: delivered.status } };
    }
    case 'unmatched': {
      // a Pix to the account's key with a txid no charge has (a transfer typed by hand)
      const [chave, url] = [...psp.webhooks.pix.entries()].at(-1) ?? [];
      if (!chave || !url) return { status: 404, body: { message: 'nenhum webhook cadastrado' } };
      const delivered = await psp.notify(
        {
          pix: [
            {
              endToEndId: newEndToEndId(),
              txid: `naoexiste${Date.now()}`,
              valor: body.amount ?? '12.34',
              chave,
              horario: new Date().toISOString(),
            },
          ],
        },
        { url },
      );
      return { status: 200, body: { webhook: delivered.status } };
    }
  }
  return { status: 404, body: { message: 'ação desconhecida' } };
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://harness');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/health') return json(200, { status: 'ok' });
  if (url.pathname === '/psp')
    return json(200, {
      api_url: psp.url,
      token_url: psp.tokenUrl,
      client_id: E2E.psp.clientId,
      client_secret: E2E.psp.clientSecret,
      certificate_pem: certs.client.cert,
      private_key_pem: certs.client.key,
      pkcs12_base64: certs.client.pkcs12Base64,
      passphrase: certs.client.passphrase,
    });
  if (url.pathname === '/psp/violations') return json(200, { violations: psp.violations });
  const action = /^\/psp\/([a-z-]+)$/.exec(url.pathname)?.[1];
  if (action && req.method === 'POST') {
    readJson(req)
      .then((body) => pspAction(action, body))
      .then(
        (answer) => json(answer.status, answer.body),
        (error: unknown) => json(500, { message: String(error) }),
      );
    return;
  }
  if (url.pathname === '/oidc') return json(200, { issuer: oidc.issuer });
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    smtp.clear();
    return json(200, { deleted: true });
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    // what the address received but the sign-up confirmation (an imported contact's double
    // opt-in included: the API tests' `to` leaves it out, a journey follows it)
    return json(
      200,
      to
        ? smtp.messages.filter(
            (m) => m.to.includes(to.toLowerCase()) && m.subject !== CONFIRMATION_SUBJECT,
          )
        : smtp.messages,
    );
  }
  return json(404, { message: 'not found' });
});
await new Promise<void>((resolve) => http.listen(E2E.harnessPort, E2E.host, () => resolve()));
console.log(
  `harness: ${smtp.url}, http://${E2E.host}:${E2E.harnessPort}, OIDC ${oidc.issuer}, PSP ${psp.url}`,
);

/** Removes the run's DATA_DIR, but only one this run created under the temp directory. */
function removeDataDir() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return;
  const resolved = path.resolve(dir);
  if (!path.basename(resolved).startsWith('fa-clube-e2e-')) return;
  if (path.dirname(resolved) !== path.resolve(tmpdir())) return;
  rmSync(resolved, { recursive: true, force: true });
}

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  http.close();
  await smtp.close();
  await oidc.close().catch(() => undefined);
  await psp.close().catch(() => undefined);
  removeDataDir();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
