import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

describe('reset password: request mode', () => {
  it('enables Continuar for a valid e-mail and answers without revealing the account', async () => {
    const { calls } = mockFetch(() => ({ body: { message: 'ok' } }));
    renderRoutes(routes, '/reset-password');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Continuar' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), '.com');
    expect(button).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Voltar para login' })).toHaveAttribute(
      'href',
      '/login',
    );

    await user.click(button);
    // the answer is announced (role status); the shell's toast area has its own status too
    const answer = await screen.findByText(/Se houver uma conta com o e-mail ana@exemplo\.com/);
    expect(answer.closest('[role="status"]')).not.toBeNull();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/reset-password' });
    expect(calls[0]!.body).toEqual({ email: 'ana@exemplo.com' });
  });
});

describe('reset password: reset mode (?token=)', () => {
  it('enables Redefinir Senha when both passwords have 8+ characters, as the server requires', async () => {
    renderRoutes(routes, '/reset-password?token=abc123token');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Redefinir Senha' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Nova senha'), '1234567');
    await user.type(screen.getByLabelText('Confirmar nova senha'), '12345678');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Nova senha'), '8');
    expect(button).toBeEnabled();
  });

  it("says 'As senhas não coincidem' on a mismatch", async () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    renderRoutes(routes, '/reset-password?token=abc123token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-2');
    await user.click(screen.getByRole('button', { name: 'Redefinir Senha' }));
    expect((await screen.findAllByText('As senhas não coincidem')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('resets with the token and goes to /login with a Sucesso toast', async () => {
    const { calls } = mockFetch(() => ({ body: { message: 'Senha redefinida com sucesso.' } }));
    const { router } = renderRoutes(routes, '/reset-password?token=abc123token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Redefinir Senha' }));

    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/v1/reset-password' });
    expect(calls[0]!.body).toEqual({ token: 'abc123token', password: 'nova-senha-1' });
    expect((await screen.findAllByText('Sucesso')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Senha redefinida com sucesso.').length).toBeGreaterThan(0);
  });
});
