/**
 * The journeys' test harness, started by playwright.config.ts before the app:
 *  - a real SMTP server (smtp-server + mailparser) that keeps every message it receives, readable
 *    over HTTP: GET /messages?to=<address> (newest last), DELETE /messages;
 *  - the local OpenID Connect provider of apps/api/test/support/oidc.ts (when that file exists),
 *    standing in for Google: GET /oidc answers { issuer } or 404.
 * On SIGTERM/SIGINT it closes both and removes the run's temporary DATA_DIR (E2E_DATA_DIR).
 *
 *   npx tsx apps/web/e2e/support/harness.ts
 */
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CaughtMail } from './api';
import { E2E, appUrl } from './env';

const messages: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({
          from: parsed.from?.text ?? '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          received_at: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(E2E.smtpPort, E2E.host, () => resolve());
});

// The OIDC provider lives with the API's test support (the accounts API owns it).
const here = path.dirname(fileURLToPath(import.meta.url));
const oidcModule = path.resolve(here, '../../../api/test/support/oidc.ts');
let oidc: { issuer: string; close(): Promise<void> } | null = null;
if (existsSync(oidcModule)) {
  const { startTestOidcProvider } = (await import(pathToFileURL(oidcModule).href)) as {
    startTestOidcProvider: (opts: {
      port?: number;
      host?: string;
      clientId: string;
      clientSecret: string;
      redirectUris: string[];
      accounts: Record<string, { email: string; email_verified: boolean; name: string }>;
    }) => Promise<{ issuer: string; close(): Promise<void> }>;
  };
  const { account } = E2E.google;
  oidc = await startTestOidcProvider({
    port: E2E.oidcPort,
    host: E2E.host,
    clientId: E2E.google.clientId,
    clientSecret: E2E.google.clientSecret,
    redirectUris: [`${appUrl}/api/v1/auth/google/callback`],
    accounts: {
      [account.id]: { email: account.email, email_verified: true, name: account.name },
      'google-unverified': {
        email: 'unverified.google@example.com',
        email_verified: false,
        name: 'Sem Verificação',
      },
    },
  });
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://harness');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/health') return json(200, { status: 'ok', oidc: Boolean(oidc) });
  if (url.pathname === '/oidc')
    return oidc ? json(200, { issuer: oidc.issuer }) : json(404, { message: 'no OIDC provider' });
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    messages.splice(0);
    return json(200, { deleted: true });
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return json(200, to ? messages.filter((m) => m.to.includes(to)) : messages);
  }
  return json(404, { message: 'not found' });
});
await new Promise<void>((resolve) => http.listen(E2E.harnessPort, E2E.host, () => resolve()));
console.log(
  `harness: smtp://${E2E.host}:${E2E.smtpPort}, http://${E2E.host}:${E2E.harnessPort}` +
    (oidc ? `, OIDC ${oidc.issuer}` : ', no OIDC provider (apps/api/test/support/oidc.ts missing)'),
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
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await oidc?.close().catch(() => undefined);
  removeDataDir();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
