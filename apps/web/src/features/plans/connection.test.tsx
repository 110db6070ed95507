import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession, storedWorkspaces } from '@/test/session';
import { CertificateFileError, readCertificateFile, readKeyFile } from './certificate-files';
import {
  automaticStanding,
  certificateStanding,
  connectionFormValues,
  toConnectionBody,
  validateConnectionForm,
} from './connection';

const WS = '0c0c0c0c-0000-4000-8000-000000000001';
const DAY = 86_400_000;

const CERT = `-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2VydGlmaWNhZG8gZGUgdGVzdGU=\n-----END CERTIFICATE-----\n`;
const CA = `-----BEGIN CERTIFICATE-----\nMIIBAUFDIGRlIHRlc3Rl\n-----END CERTIFICATE-----\n`;
const KEY = `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n`;
const ENCRYPTED_KEY = `-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkq\n-----END ENCRYPTED PRIVATE KEY-----\n`;
/** Not text: what a .p12 looks like to the browser. */
const PKCS12 = new Uint8Array([0x30, 0x82, 0x0a, 0x5f, 0x02, 0x01, 0x03, 0x30, 0xff, 0x00, 0x81]);

const pemFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

const PIX = {
  key: '52998224725',
  key_type: 'cpf',
  name: 'Maria da Silva',
  city: 'Sao Paulo',
  updated_at: '2026-05-01T12:00:00.000Z',
};

const CONNECTION = {
  status: 'connected',
  api_url: 'https://api.psp.exemplo.com.br/v2',
  token_url: 'https://api.psp.exemplo.com.br/oauth/token',
  client_id: 'cliente-maria',
  webhook_url:
    'https://faclube.exemplo.com.br/api/v1/webhooks/pix/c/0a0a0a0a-0000-4000-8000-00000000000a',
  pix_key: '52998224725',
  receiving_account: { branch: '0001', number: '123456-7', type: 'CORRENTE' },
  automatic_available: true,
  recurrences_enabled: true,
  connected_at: '2026-05-01T12:00:00.000Z',
  certificate_expires_at: new Date(Date.now() + 300 * DAY).toISOString(),
  reconciliation: null,
};

interface State {
  pix?: typeof PIX | null;
  connection?: Record<string, unknown> | null;
  /** PUT …/pix/connection answers this error instead of connecting. */
  refuse?: { status: number; body: Record<string, unknown> };
  delay?: number;
}

function signIn(isOwner = true) {
  storeSession({ id: WS, label: 'Maria da Silva', username: 'mariasilva', is_owner: isOwner });
}

/** Pix data, plans and the PSP connection of the workspace WS. */
function connectionApi(state: State) {
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === `/api/v1/workspaces/${WS}/pix`)
      return state.pix === null
        ? { status: 404, body: { message: 'Sem Pix.', code: 'PIX_NOT_CONFIGURED' } }
        : { body: state.pix ?? PIX };
    if (call.path === '/api/v1/plans')
      return { body: { plans: [], is_subscribed: false, automatic_available: false } };
    if (call.path === `/api/v1/workspaces/${WS}/pix/connection`) {
      if (call.method === 'PUT') {
        if (state.refuse) return { ...state.refuse, delay: state.delay };
        const body = call.body as { receiving_account: unknown };
        state.connection = { ...CONNECTION, receiving_account: body.receiving_account };
        return { body: state.connection, delay: state.delay };
      }
      if (call.method === 'DELETE') {
        state.connection = null;
        return { body: { message: 'Conta Pix desconectada.' } };
      }
      return state.connection
        ? { body: state.connection }
        : {
            status: 404,
            body: { message: 'Sem conta.', code: 'PIX_CONNECTION_NOT_FOUND' },
          };
    }
    return { body: {} };
  });
}

describe('the PSP connection form, without the screen', () => {
  const filled = {
    ...connectionFormValues(null),
    api_url: ' https://api.psp.exemplo.com.br/v2 ',
    client_id: 'cliente',
    client_secret: 'segredo',
    certificate: CERT,
    certificate_kind: 'pem' as const,
    private_key: KEY,
  };

  it('asks for the certificate, its key for a PEM one, and a whole receiving account', () => {
    expect(validateConnectionForm(connectionFormValues(null))).toEqual({
      certificate: 'Envie o certificado do PSP.',
    });
    expect(validateConnectionForm({ ...filled, private_key: '' })).toEqual({
      private_key: 'Envie a chave privada do certificado (.key ou .pem).',
    });
    // a PKCS#12 bundle carries its key
    expect(
      validateConnectionForm({ ...filled, certificate_kind: 'pkcs12', private_key: '' }),
    ).toEqual({});
    expect(validateConnectionForm({ ...filled, account_branch: '00012' })).toMatchObject({
      account_branch: 'Agência: até 4 dígitos, sem o dígito verificador.',
    });
    expect(validateConnectionForm({ ...filled, account_branch: '0001' })).toEqual({
      account_number: 'Informe o número da conta.',
    });
    expect(validateConnectionForm({ ...filled, account_number: '12 34' })).toEqual({
      account_number: 'Conta: até 20 dígitos (com o dígito verificador).',
    });
    expect(validateConnectionForm(filled)).toEqual({});
  });

  it('sends only what was given: no empty token URL, passphrase or account; the key only with PEM', () => {
    expect(toConnectionBody(filled)).toEqual({
      api_url: 'https://api.psp.exemplo.com.br/v2',
      client_id: 'cliente',
      client_secret: 'segredo',
      certificate: CERT,
      private_key: KEY,
      receiving_account: null,
    });
    expect(
      toConnectionBody({
        ...filled,
        token_url: 'https://api.psp.exemplo.com.br/oauth/token',
        certificate: 'MIIKXwIBAzCC',
        certificate_kind: 'pkcs12',
        private_key: 'left over',
        passphrase: 'senha',
        account_number: ' 123456-7 ',
        account_type: 'PAGAMENTO',
      }),
    ).toEqual({
      api_url: 'https://api.psp.exemplo.com.br/v2',
      token_url: 'https://api.psp.exemplo.com.br/oauth/token',
      client_id: 'cliente',
      client_secret: 'segredo',
      certificate: 'MIIKXwIBAzCC',
      passphrase: 'senha',
      receiving_account: { number: '123456-7', type: 'PAGAMENTO' },
    });
  });

  it('updates a connection with its URLs and account but never its secrets', () => {
    expect(connectionFormValues(CONNECTION as never)).toMatchObject({
      api_url: CONNECTION.api_url,
      client_id: 'cliente-maria',
      client_secret: '',
      certificate: '',
      account_branch: '0001',
      account_number: '123456-7',
      account_type: 'CORRENTE',
    });
  });

  it('reads the certificate expiry (warned 15 days before) and Pix Automático', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    const at = (days: number) => new Date(now + days * DAY).toISOString();
    expect(certificateStanding(at(16), now)).toEqual({ kind: 'valid' });
    expect(certificateStanding(at(15), now)).toEqual({ kind: 'expiring', days: 15 });
    expect(certificateStanding(at(0.5), now)).toEqual({ kind: 'expiring', days: 1 });
    expect(certificateStanding(at(-0.1), now)).toEqual({ kind: 'expired' });
    expect(automaticStanding({ automatic_available: true, recurrences_enabled: true })).toBe(
      'available',
    );
    expect(automaticStanding({ automatic_available: false, recurrences_enabled: true })).toBe(
      'needs_account',
    );
    expect(automaticStanding({ automatic_available: false, recurrences_enabled: false })).toBe(
      'not_enabled',
    );
  });
});

describe('certificate files, read in the browser', () => {
  it('splits a PEM file into the chain and the key it may carry', async () => {
    const both = await readCertificateFile(pemFile('cliente.pem', `${CERT}${CA}${KEY}`));
    expect(both).toEqual({
      kind: 'pem',
      name: 'cliente.pem',
      certificate: `${CERT.trim()}\n${CA.trim()}\n`,
      privateKey: KEY,
      keyEncrypted: false,
    });
    const alone = await readCertificateFile(pemFile('cliente.crt', CERT));
    expect(alone).toMatchObject({ kind: 'pem', privateKey: null });
    const locked = await readCertificateFile(pemFile('cliente.pem', CERT + ENCRYPTED_KEY));
    expect(locked).toMatchObject({ privateKey: ENCRYPTED_KEY, keyEncrypted: true });
  });

  it('sends a PKCS#12 bundle as base64, byte for byte', async () => {
    const read = await readCertificateFile(new File([PKCS12], 'certificado.pfx'));
    expect(read.kind).toBe('pkcs12');
    expect(Uint8Array.from(atob(read.certificate), (c) => c.charCodeAt(0))).toEqual(PKCS12);
  });

  it('refuses a key where the certificate goes, a file without a key, and a huge file', async () => {
    await expect(readCertificateFile(pemFile('chave.pem', KEY))).rejects.toThrow(
      /não tem um certificado/,
    );
    await expect(readKeyFile(pemFile('cliente.crt', CERT))).rejects.toThrow(
      'Este arquivo não tem uma chave privada (BEGIN PRIVATE KEY).',
    );
    await expect(
      readCertificateFile(new File([new Uint8Array(200 * 1024)], 'grande.p12')),
    ).rejects.toBeInstanceOf(CertificateFileError);
    expect(await readKeyFile(pemFile('cliente.key', ENCRYPTED_KEY))).toMatchObject({
      encrypted: true,
    });
  });
});

describe("Configurações › Planos: 'Conectar conta Pix (API do banco)'", () => {
  async function openForm() {
    const user = userEvent.setup();
    const card = await screen.findByTestId('pix-connection');
    await user.click(await within(card).findByRole('button', { name: 'Conectar conta Pix' }));
    const form = await screen.findByRole('form', { name: 'Conectar conta Pix (API do banco)' });
    return { user, card, form };
  }

  it('connects with a PEM pair: progress while the server tries the PSP, then the account', async () => {
    signIn();
    const state: State = { connection: null, delay: 400 };
    const { calls } = connectionApi(state);
    renderRoutes(routes, '/settings/plans');
    const { user, card, form } = await openForm();
    const submit = within(form).getByRole('button', { name: 'Testar e conectar' });
    expect(submit).toBeDisabled();

    await user.type(within(form).getByLabelText('URL da API Pix'), CONNECTION.api_url);
    await user.type(within(form).getByLabelText('Client ID'), 'cliente-maria');
    await user.type(within(form).getByLabelText('Client secret'), 'segredo-do-psp');
    await user.upload(within(form).getByLabelText('Certificado'), pemFile('cliente.crt', CERT));
    expect(await within(form).findByText('cliente.crt')).toBeInTheDocument();
    expect(within(form).getByText('PEM')).toBeInTheDocument();
    // a PEM certificate without its key: the key is asked for, and the button waits for it
    expect(submit).toBeDisabled();
    await user.upload(within(form).getByLabelText('Chave privada'), pemFile('cliente.key', KEY));
    await user.type(within(form).getByLabelText('Agência'), '0001');
    await user.type(within(form).getByLabelText('Conta'), '123456-7');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    // the first validation waits for the form's schema (fetched on demand), then the PUT
    expect(
      await screen.findByText('Testando a conexão com o PSP…', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Conta Pix conectada.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/v1/workspaces/${WS}/pix/connection`);
    expect(put.body).toEqual({
      api_url: CONNECTION.api_url,
      client_id: 'cliente-maria',
      client_secret: 'segredo-do-psp',
      certificate: CERT,
      private_key: KEY,
      receiving_account: { branch: '0001', number: '123456-7', type: 'CORRENTE' },
    });

    expect(
      await within(card).findByRole('heading', { name: 'Conta Pix (API do banco)' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Conectada')).toBeInTheDocument();
    expect(within(card).getByLabelText('URL do webhook')).toHaveValue(CONNECTION.webhook_url);
    expect(within(card).getByTestId('pix-automatic')).toHaveTextContent('Disponível');
    expect(within(card).getByText('Conta corrente · ag. 0001 · 123456-7')).toBeInTheDocument();
    expect(within(card).getByTestId('certificate-expiry')).toHaveTextContent(
      new Date(CONNECTION.certificate_expires_at).toLocaleDateString('pt-BR'),
    );
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a PKCS#12 bundle with its password, and shows the step the PSP refused', async () => {
    signIn();
    const message =
      'Certificado recusado pelo PSP: a conexão segura (mTLS) não aceitou o certificado ao pedir o token.';
    const state: State = {
      connection: null,
      refuse: { status: 502, body: { message, code: 'PIX_PSP_CERTIFICATE_REFUSED' } },
    };
    const { calls } = connectionApi(state);
    renderRoutes(routes, '/settings/plans');
    const { user, card, form } = await openForm();
    await user.type(within(form).getByLabelText('URL da API Pix'), CONNECTION.api_url);
    await user.type(within(form).getByLabelText('Client ID'), 'cliente-maria');
    await user.type(within(form).getByLabelText('Client secret'), 'segredo-do-psp');
    await user.upload(
      within(form).getByLabelText('Certificado'),
      new File([PKCS12], 'certificado.p12'),
    );
    expect(await within(form).findByText('PKCS#12')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Chave privada')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Senha do certificado'), 'senha-do-pfx');
    await user.click(within(form).getByRole('button', { name: 'Testar e conectar' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível conectar');
    expect(alert).toHaveTextContent(message);
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, string>;
    expect(Uint8Array.from(atob(body.certificate!), (c) => c.charCodeAt(0))).toEqual(PKCS12);
    expect(body.passphrase).toBe('senha-do-pfx');
    expect(body).not.toHaveProperty('private_key');
    // nothing was connected: the form stays, to fix and send again
    expect(within(card).queryByText('Conectada')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Testar e conectar' })).toBeEnabled();
  });

  it("puts a certificate problem the server found on the field (e.g. the PKCS#12's password)", async () => {
    signIn();
    const message = 'A senha do certificado PKCS#12 não confere.';
    connectionApi({
      connection: null,
      refuse: {
        status: 400,
        body: {
          message,
          code: 'PIX_CERTIFICATE_INVALID',
          errors: [{ field: 'passphrase', message }],
        },
      },
    });
    renderRoutes(routes, '/settings/plans');
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('URL da API Pix'), CONNECTION.api_url);
    await user.type(within(form).getByLabelText('Client ID'), 'c');
    await user.type(within(form).getByLabelText('Client secret'), 's');
    await user.upload(within(form).getByLabelText('Certificado'), new File([PKCS12], 'c.pfx'));
    await user.type(await within(form).findByLabelText('Senha do certificado'), 'errada');
    await user.click(within(form).getByRole('button', { name: 'Testar e conectar' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Senha do certificado')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(within(form).getAllByText(message).length).toBeGreaterThanOrEqual(1);
  });

  it('explains a file it cannot use where the file goes', async () => {
    signIn();
    connectionApi({ connection: null });
    renderRoutes(routes, '/settings/plans');
    const { user, form } = await openForm();
    await user.upload(within(form).getByLabelText('Certificado'), pemFile('chave.pem', KEY));
    expect(await within(form).findByText(/Este arquivo PEM não tem um certificado/)).toBeVisible();
    expect(within(form).getByLabelText('Certificado')).toHaveAttribute('aria-invalid', 'true');
  });

  it('warns about a certificate expiring within 15 days, and says why Pix Automático is off', async () => {
    signIn();
    connectionApi({
      connection: {
        ...CONNECTION,
        certificate_expires_at: new Date(Date.now() + 10 * DAY - 60_000).toISOString(),
        automatic_available: false,
        recurrences_enabled: false,
      },
    });
    renderRoutes(routes, '/settings/plans');
    const card = await screen.findByTestId('pix-connection');
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'O certificado vence em 10 dias.',
    );
    expect(within(card).getByTestId('pix-automatic')).toHaveTextContent('Indisponível');
    expect(within(card).getByTestId('pix-automatic')).toHaveTextContent(
      'O Banco Central oferece o Pix Automático a recebedores com CNPJ (MEI incluso), e o seu PSP não o habilitou para esta conta.',
    );
  });

  it('asks for the receiving account when the PSP enabled Pix Automático; an expired certificate', async () => {
    signIn();
    connectionApi({
      connection: {
        ...CONNECTION,
        certificate_expires_at: new Date(Date.now() - DAY).toISOString(),
        receiving_account: null,
        automatic_available: false,
        recurrences_enabled: true,
      },
    });
    renderRoutes(routes, '/settings/plans');
    const card = await screen.findByTestId('pix-connection');
    expect(await within(card).findByRole('alert')).toHaveTextContent('O certificado venceu');
    expect(within(card).getByTestId('pix-automatic')).toHaveTextContent(
      'faltam os dados da conta de recebimento',
    );
    expect(within(card).getByText('Não informada')).toBeInTheDocument();
  });

  it('tells the owner when the reconciliation with the PSP keeps failing, and until when it is paused', async () => {
    signIn();
    const pausedUntil = new Date(Date.now() + 30 * 60_000).toISOString();
    connectionApi({
      connection: {
        ...CONNECTION,
        reconciliation: {
          failures: 4,
          failing_since: new Date(Date.now() - 3600_000).toISOString(),
          last_error: 'O PSP não respondeu.',
          paused_until: pausedUntil,
        },
      },
    });
    renderRoutes(routes, '/settings/plans');
    const card = await screen.findByTestId('pix-connection');
    const alert = await within(card).findByTestId('pix-reconciliation');
    expect(alert).toHaveTextContent(
      'A conferência dos pagamentos com o PSP falhou 4 vezes seguidas: O PSP não respondeu.',
    );
    expect(alert).toHaveTextContent(
      `O PSP não é consultado até ${new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(pausedUntil))}`,
    );
  });

  it('updates with the URLs kept and the secrets asked again; disconnects after a confirmation', async () => {
    signIn();
    const state: State = { connection: { ...CONNECTION } };
    const { calls } = connectionApi(state);
    renderRoutes(routes, '/settings/plans');
    const user = userEvent.setup();
    const card = await screen.findByTestId('pix-connection');
    await user.click(await within(card).findByRole('button', { name: 'Atualizar conexão' }));
    const form = await screen.findByRole('form', { name: 'Conta Pix (API do banco)' });
    expect(within(form).getByLabelText('URL da API Pix')).toHaveValue(CONNECTION.api_url);
    expect(within(form).getByLabelText('Client secret')).toHaveValue('');
    expect(within(form).getByText(/nunca são mostrados/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(card).getByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desconectar a conta Pix?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Conta Pix desconectada.')).toBeInTheDocument();
    expect(
      await within(card).findByRole('heading', { name: 'Conectar conta Pix (API do banco)' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/v1/workspaces/${WS}/pix/connection`,
    ]);
  });

  it('shows a member the connection read-only, and nothing to do without one', async () => {
    signIn(false);
    // the webhook URL is a credential: the API answers it to the owner only
    const state: State = { connection: { ...CONNECTION, webhook_url: null } };
    connectionApi(state);
    const { unmount } = renderRoutes(routes, '/settings/plans');
    const card = await screen.findByTestId('pix-connection');
    expect(await within(card).findByText('Conectada')).toBeInTheDocument();
    expect(within(card).queryByLabelText('URL do webhook')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: 'Atualizar conexão' }),
    ).not.toBeInTheDocument();
    unmount();

    state.connection = null;
    renderRoutes(routes, '/settings/plans');
    const empty = await screen.findByTestId('pix-connection');
    expect(await within(empty).findByText(/Nenhuma conta Pix conectada/)).toBeInTheDocument();
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
  });

  it('waits for the Pix key before offering to connect, and says why', async () => {
    signIn();
    connectionApi({ pix: null, connection: null });
    renderRoutes(routes, '/settings/plans');
    const card = await screen.findByTestId('pix-connection');
    const button = await within(card).findByRole('button', { name: 'Conectar conta Pix' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Cadastre os dados do Pix acima primeiro/);
  });
});
