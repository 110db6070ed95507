/**
 * Where the journeys' processes listen. Shared by playwright.config.ts (which starts them),
 * the harness and the tests. Override a port with its environment variable when it is taken.
 */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const E2E = {
  /** The app (API + built web client). */
  appPort: port('E2E_APP_PORT', 4310),
  /** The harness HTTP API (caught e-mails). */
  harnessPort: port('E2E_HARNESS_PORT', 4311),
  /** The SMTP catcher the app sends e-mail to. */
  smtpPort: port('E2E_SMTP_PORT', 4312),
  /** The local OpenID Connect provider standing in for Google. */
  oidcPort: port('E2E_OIDC_PORT', 4313),
  host: '127.0.0.1',

  /** The stand-in PSP's client credentials (it listens on a free port: GET /psp on the harness). */
  psp: { clientId: 'fa-clube-e2e-psp', clientSecret: 'segredo-do-psp-e2e-123' },

  google: {
    clientId: 'fa-clube-e2e',
    clientSecret: 'fa-clube-e2e-secret-0123456789abcdef',
    /** The account the provider signs in when the app sends no login_hint. */
    account: { id: 'google-ana', email: 'ana.google@example.com', name: 'Ana Google' },
    /** The account the google-link journey links from Segurança (picked by login_hint). */
    linkAccount: { id: 'google-vinculo', email: 'vinculo.google@example.com', name: 'Vínculo' },
  },
} as const;

export const appUrl = `http://${E2E.host}:${E2E.appPort}`;
export const harnessUrl = `http://${E2E.host}:${E2E.harnessPort}`;
export const oidcIssuer = `http://${E2E.host}:${E2E.oidcPort}`;
export const smtpUrl = `smtp://${E2E.host}:${E2E.smtpPort}`;

/** The stand-in PSP's CA, written by the harness for the app's PIX_CA_FILE. */
export const pspCaFile = (dataDir: string) => `${dataDir}/psp-ca.pem`;
