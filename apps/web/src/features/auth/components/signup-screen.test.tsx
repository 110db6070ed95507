import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

async function fill(
  values: Partial<Record<'name' | 'username' | 'email' | 'password' | 'confirm', string>>,
) {
  const user = userEvent.setup();
  const fields = {
    name: 'Nome completo',
    username: 'Nome de usuário',
    email: 'E-mail',
    password: 'Senha',
    confirm: 'Confirmar senha',
  } as const;
  for (const [key, label] of Object.entries(fields)) {
    const value = values[key as keyof typeof fields];
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

const valid = {
  name: 'Ana Lúcia S. Gonçalves',
  username: 'analucia',
  email: 'ana@exemplo.com',
  password: 'senha-segura',
  confirm: 'senha-segura',
};

describe('sign-up screen', () => {
  it('enables Criar conta only when the spec rules hold', async () => {
    renderRoutes(routes, '/signup');
    const button = await screen.findByRole('button', { name: 'Criar conta' });
    expect(button).toBeDisabled();

    await fill(valid);
    expect(button).toBeEnabled();

    await fill({ ...valid, name: 'Ana 2' }); // digits are not allowed in the name
    expect(button).toBeDisabled();
    await fill({ ...valid, email: 'ana@exemplo' });
    expect(button).toBeDisabled();
    await fill({ ...valid, password: '1234567', confirm: '1234567' }); // fewer than 8
    expect(button).toBeDisabled();
    await fill({ ...valid, confirm: 'senha-se' }); // 8 characters, different: checked on submit
    expect(button).toBeEnabled();
  });

  it("shows 'As senhas não coincidem' on submit when the passwords differ", async () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    renderRoutes(routes, '/signup');
    const user = await fill({ ...valid, confirm: 'outra-senha' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect((await screen.findAllByText('As senhas não coincidem')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Confirmar senha')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('links the terms and the privacy policy, and back to login', async () => {
    renderRoutes(routes, '/signup');
    expect(await screen.findByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('creates the account and goes to /login?email=', async () => {
    const { calls } = mockFetch(() => ({
      status: 201,
      body: { message: 'Conta criada com sucesso.' },
    }));
    const { router } = renderRoutes(routes, '/signup');
    const user = await fill(valid);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(router.location.search).toBe('?email=ana%40exemplo.com');
    expect(calls[0]!.body).toEqual({
      full_name: 'Ana Lúcia S. Gonçalves',
      username: 'analucia',
      email: 'ana@exemplo.com',
      password: 'senha-segura',
    });
    expect(await screen.findByLabelText('E-mail')).toHaveValue('ana@exemplo.com');
  });

  it('shows the server validation errors on the fields', async () => {
    mockFetch(() => ({
      status: 409,
      body: {
        message: 'Este nome de usuário já está em uso.',
        code: 'USERNAME_TAKEN',
        errors: [{ field: 'username', message: 'Este nome de usuário já está em uso.' }],
      },
    }));
    renderRoutes(routes, '/signup');
    const user = await fill(valid);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nome de usuário')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Nome de usuário')).toHaveAccessibleDescription(
      'Este nome de usuário já está em uso.',
    );
  });
});
