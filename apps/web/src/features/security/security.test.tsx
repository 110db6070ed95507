import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { meFixture, metadataFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { renderRoutes } from '@/test/render';
import { formatActivityDate, formatLocation } from './format';

const OTPAUTH =
  'otpauth://totp/F%C3%A3%20Clube:maria%40exemplo.com?secret=JBSWY3DPEHPK3PXP&issuer=F%C3%A3%20Clube';

function signIn() {
  storeSession();
}

const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

/**
 * A tiny in-memory 2FA endpoint: the valid code is 654321; with `password`, turning it on
 * needs that password in the body (403 REAUTHENTICATION_REQUIRED without it).
 */
function securityApi(initiallyOn: boolean, password?: string) {
  let on = initiallyOn;
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/2fa' && call.method === 'GET')
      return {
        body: on
          ? { two_factor: true }
          : { two_factor: false, qrcode: OTPAUTH, secret: 'JBSWY3DPEHPK3PXP' },
      };
    if (call.path === '/api/v1/2fa' && call.method === 'PATCH') {
      if (call.query.get('code') !== '654321')
        return {
          status: 400,
          body: { message: 'Código inválido.', code: 'INVALID_TWO_FACTOR_CODE' },
        };
      if (!on && password) {
        const sent = (call.body as { password?: string } | undefined)?.password;
        if (!sent)
          return {
            status: 403,
            body: {
              message: 'Confirme sua senha para ativar a autenticação em dois fatores.',
              code: 'REAUTHENTICATION_REQUIRED',
            },
          };
        if (sent !== password)
          return {
            status: 400,
            body: {
              message: 'Senha incorreta.',
              code: 'VALIDATION_ERROR',
              errors: [{ field: 'password', message: 'Senha incorreta.' }],
            },
          };
      }
      on = !on;
      // every session ended, this one too: the answer carries this device's new one
      const session = {
        access_token: `novo-access-${on ? 'on' : 'off'}`,
        refresh_token: `novo-refresh-${on ? 'on' : 'off'}`,
        expires_in: 900,
        metadata: metadataFixture,
      };
      return {
        body: on
          ? { message: '2FA habilitado.', two_factor: true, recovery_codes: RECOVERY, session }
          : { message: '2FA desabilitado.', two_factor: false, session },
      };
    }
    if (call.path === '/api/v1/loginactivities')
      return {
        body: {
          loginactivities: [
            {
              id: '11111111-1111-4111-8111-111111111111',
              ip: '200.160.2.3',
              device_type: 'mobile',
              device_name: 'iOS',
              browser: 'Mobile Safari 18',
              country: 'Brasil',
              state: 'SP',
              city: 'São Paulo',
              created_at: '2026-03-05T14:07:00',
            },
            {
              id: '22222222-2222-4222-8222-222222222222',
              ip: '127.0.0.1',
              device_type: 'notebook',
              device_name: null,
              browser: null,
              country: null,
              state: null,
              city: null,
              created_at: '2026-03-04T09:30:00',
            },
          ],
          page: 1,
          size: 50,
          total: 2,
        },
      };
    return { body: {} };
  });
}

describe('security: 2FA', () => {
  it('enables 2FA: QR (otpauth URI) + secret, auto-submit at 6 digits, red on a wrong code', async () => {
    signIn();
    const { calls } = securityApi(false);
    renderRoutes(routes, '/settings/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Habilitar 2FA' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('two-factor-qr')).toBeInTheDocument();
    expect(within(dialog).getByTestId('two-factor-qr').getAttribute('height')).toBe('128');
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = within(dialog).getByRole('textbox', { name: 'Código de 6 dígitos' });
    await user.type(code, '111111');
    expect(await within(dialog).findByText('Código inválido.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    const patch = calls.filter((c) => c.method === 'PATCH');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.query.get('code')).toBe('111111');

    await user.clear(code);
    await user.type(code, '654321');
    expect((await screen.findAllByText('2FA habilitado.')).length).toBeGreaterThan(0);

    // the recovery codes, once, with copy and download
    expect(
      await within(dialog).findByRole('heading', { name: 'Guarde seus códigos de recuperação' }),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY);
    expect(within(dialog).getByRole('button', { name: 'Copiar códigos' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Baixar códigos' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Já guardei os códigos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Desabilitar 2FA' })).toBeInTheDocument();
    expect(screen.getByText('Ativada')).toBeInTheDocument();
    // the new session is stored: the person stays signed in
    expect(localStorage.getItem('token')).toBe('novo-access-on');
    expect(localStorage.getItem('refresh_token')).toBe('novo-refresh-on');
  }, 20_000);

  it('asks for the password when the server wants it, and sends it in the body', async () => {
    signIn();
    const { calls } = securityApi(false, 'senha-certa');
    renderRoutes(routes, '/settings/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Habilitar 2FA' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Código de 6 dígitos' }), '654321');
    const password = await within(dialog).findByLabelText('Senha atual');
    expect(
      within(dialog).getByText(
        'Por segurança, confirme sua senha para ativar o 2FA (você entrou há mais de 10 minutos).',
      ),
    ).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Habilitar 2FA' });
    expect(submit).toBeDisabled();
    await user.type(password, 'errada');
    await user.click(submit);
    expect(await within(dialog).findByText('Senha incorreta.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'senha-certa');
    await user.click(submit);
    expect(
      await within(dialog).findByRole('heading', { name: 'Guarde seus códigos de recuperação' }),
    ).toBeInTheDocument();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => c.body)).toEqual([
      undefined,
      { password: 'errada' },
      { password: 'senha-certa' },
    ]);
  });

  it("disables 2FA: 'Desabilitar 2FA' enabled only at 6 digits", async () => {
    signIn();
    const { calls } = securityApi(true);
    renderRoutes(routes, '/settings/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desabilitar 2FA' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('two-factor-qr')).not.toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Desabilitar 2FA' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Código de 6 dígitos' }), '65432');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Código de 6 dígitos' }), '1');
    expect(confirm).toBeEnabled();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0); // no auto-submit here
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Habilitar 2FA' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('novo-access-off');
  });
});

/** Segurança with Google offered, the account linked or not, and a handler for /me/google. */
function googleApi(linked: boolean, meGoogle: (call: Call) => { status?: number; body: unknown }) {
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/me') return { body: meFixture({ google_linked: linked }) };
    if (call.path === '/api/v1/auth/providers') return { body: { google: true } };
    if (call.path === '/api/v1/me/google') return meGoogle(call);
    if (call.path === '/api/v1/2fa') return { body: { two_factor: true } };
    return { body: { loginactivities: [], page: 1, size: 50, total: 0 } };
  });
}

describe('security: Google', () => {
  it("'Vincular conta Google' asks for the password only when the server wants it", async () => {
    signIn();
    const { calls } = googleApi(false, (call) =>
      (call.body as { password?: string } | undefined)?.password
        ? { body: { authorization_url: 'http://localhost/oidc/auth?state=x' } }
        : {
            status: 403,
            body: {
              code: 'REAUTHENTICATION_REQUIRED',
              message: 'Confirme sua senha para vincular uma conta Google.',
            },
          },
    );
    renderRoutes(routes, '/settings/security');
    const user = userEvent.setup();
    const card = await screen.findByTestId('google-card');
    expect(await within(card).findByText('Não vinculada')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Vincular conta Google' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Senha atual'), 'senha-certa');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar no Google' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/me/google').map((c) => c.body)).toEqual([
        undefined,
        { password: 'senha-certa' },
      ]),
    );
  });

  it('says so on the return from Google, linked or refused', async () => {
    signIn();
    googleApi(true, () => ({ body: {} }));
    const first = renderRoutes(routes, '/settings/security?google=linked');
    expect((await screen.findAllByText('Conta Google vinculada.')).length).toBeGreaterThan(0);
    expect(await within(screen.getByTestId('google-card')).findByText('Vinculada')).toBeVisible();
    first.unmount();

    googleApi(false, () => ({ body: {} }));
    renderRoutes(routes, '/settings/security?google_error=google_already_linked');
    expect(
      (
        await screen.findAllByText(
          'Esta conta Google já está vinculada a outra conta do Fã Clube. Desvincule-a lá antes.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });

  it("'Desvincular' shows the server's coded refusal", async () => {
    signIn();
    const refusal =
      'Sua conta não tem senha: sem o Google, você não conseguiria mais entrar. Crie uma senha em "Esqueci minha senha" e depois desvincule.';
    const { calls } = googleApi(true, () => ({
      status: 409,
      body: { code: 'GOOGLE_UNLINK_NEEDS_PASSWORD', message: refusal },
    }));
    renderRoutes(routes, '/settings/security');
    const user = userEvent.setup();
    const card = await screen.findByTestId('google-card');
    await user.click(await within(card).findByRole('button', { name: 'Desvincular' }));
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === '/api/v1/me/google')!.method).toBe('DELETE');
  });
});

describe('security: e-mail confirmation', () => {
  it('shows an unconfirmed address and sends a new link on request', async () => {
    signIn();
    const { calls } = mockFetch((call: Call) => {
      if (call.path === '/api/v1/me') return { body: meFixture({ email_confirmed: false }) };
      if (call.path === '/api/v1/confirm-email' && call.method === 'POST')
        return { body: { message: 'Enviamos um link de confirmação para maria@exemplo.com.' } };
      if (call.path === '/api/v1/2fa') return { body: { two_factor: true } };
      return { body: { loginactivities: [], page: 1, size: 50, total: 0 } };
    });
    renderRoutes(routes, '/settings/security');
    const user = userEvent.setup();
    expect(await screen.findByText('Não confirmado')).toBeInTheDocument();
    expect(screen.getByTestId('account-email')).toHaveTextContent('maria@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Reenviar link' }));
    expect(
      (await screen.findAllByText('Enviamos um link de confirmação para maria@exemplo.com.'))
        .length,
    ).toBeGreaterThan(0);
    expect(calls.filter((c) => c.path === '/api/v1/confirm-email')).toHaveLength(1);
  });

  it('keeps 2FA and the Google link off until the address is confirmed', async () => {
    signIn();
    mockFetch((call: Call) => {
      if (call.path === '/api/v1/me') return { body: meFixture({ email_confirmed: false }) };
      if (call.path === '/api/v1/2fa')
        return { body: { two_factor: false, qrcode: 'otpauth://x' } };
      if (call.path === '/api/v1/auth/providers') return { body: { google: true } };
      return { body: { loginactivities: [], page: 1, size: 50, total: 0 } };
    });
    renderRoutes(routes, '/settings/security');
    expect(await screen.findByRole('button', { name: 'Habilitar 2FA' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Vincular conta Google' })).toBeDisabled();
    expect(screen.getAllByText('Confirme seu e-mail (acima) para ativar.')).toHaveLength(2);
  });

  it('shows a confirmed address without the button', async () => {
    signIn();
    mockFetch((call: Call) => {
      if (call.path === '/api/v1/me') return { body: meFixture() };
      if (call.path === '/api/v1/2fa') return { body: { two_factor: true } };
      return { body: { loginactivities: [], page: 1, size: 50, total: 0 } };
    });
    renderRoutes(routes, '/settings/security');
    expect(await screen.findByText('Confirmado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar link' })).not.toBeInTheDocument();
  });
});

describe('confirm e-mail link', () => {
  it('confirms on arrival and says so', async () => {
    const { calls } = mockFetch(() => ({ body: { message: 'E-mail confirmado.' } }));
    renderRoutes(routes, '/confirm-email?token=abc.def.ghi-123');
    expect(await screen.findByRole('heading', { name: 'E-mail confirmado' })).toBeInTheDocument();
    const put = calls.find((c) => c.path === '/api/v1/confirm-email')!;
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({ token: 'abc.def.ghi-123' });
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message for a bad link", async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        message: 'Este link de confirmação é inválido ou expirou. Peça um novo em Segurança.',
        code: 'INVALID_CONFIRMATION_TOKEN',
      },
    }));
    renderRoutes(routes, '/confirm-email?token=abc.def.ghi-123');
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível confirmar' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Este link de confirmação é inválido ou expirou. Peça um novo em Segurança.',
      ),
    ).toBeInTheDocument();
  });
});

describe('security: sign-in log', () => {
  it("lists the sign-ins with 'Sem Localização' and pt-BR dates", async () => {
    signIn();
    securityApi(false);
    renderRoutes(routes, '/settings/security');
    const table = await screen.findByRole('table', { name: 'Registro de Atividades de Acesso' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Localização', 'Dispositivo', 'Endereço IP', 'Data']);
    expect(await within(table).findByText('Brasil, São Paulo (SP)')).toBeInTheDocument();
    expect(within(table).getByText('Sem Localização')).toBeInTheDocument();
    expect(within(table).getByText('05/03/26 14:07')).toBeInTheDocument();
    expect(within(table).getByText('200.160.2.3')).toBeInTheDocument();
    expect(within(table).getByText('Celular')).toBeInTheDocument();
  });

  it('formats locations and dates', () => {
    expect(formatLocation({ country: null, city: 'X', state: 'Y' })).toBe('Sem Localização');
    expect(formatLocation({ country: 'Brasil', city: 'Recife', state: 'PE' })).toBe(
      'Brasil, Recife (PE)',
    );
    expect(formatActivityDate('2026-12-31T23:59:00')).toBe('31/12/26 23:59');
    expect(formatActivityDate('2026-01-02T00:05:00')).toBe('02/01/26 00:05');
  });
});
