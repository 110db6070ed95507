/**
 * The journeys' test harness, started by playwright.config.ts before the app:
 *  - a real SMTP server (smtp-server + mailparser) that keeps every message it receives, readable
 *    over HTTP: GET /messages?to=<address> (newest last), DELETE /messages;
 *  - the local OpenID Connect provider of apps/api/test/support/oidc.ts, standing in for
 *    Google: GET /oidc answers { issuer }.
 * On SIGTERM/SIGINT it closes both and removes the run's temporary DATA_DIR (E2E_DATA_DIR).
 *
 *   npx tsx apps/web/e2e/support/harness.ts
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestOidcProvider } from '../../../api/test/support/oidc';
import { startTestSmtp } from '../../../api/test/support/smtp';
import { E2E, appUrl } from './env';

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

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://harness');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/health') return json(200, { status: 'ok' });
  if (url.pathname === '/oidc') return json(200, { issuer: oidc.issuer });
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    smtp.clear();
    return json(200, { deleted: true });
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    return json(200, to ? smtp.to(to) : smtp.messages);
  }
  return json(404, { message: 'not found' });
});
await new Promise<void>((resolve) => http.listen(E2E.harnessPort, E2E.host, () => resolve()));
console.log(`harness: ${smtp.url}, http://${E2E.host}:${E2E.harnessPort}, OIDC ${oidc.issuer}`);

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
  removeDataDir();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
