import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes, shellNav } from '@/app/routes';
import { navItems } from '@/components/layout/nav-items';
import { FIN_WS, account, category, financeApi, finId, transaction } from '@/test/finance';
import type { FinanceState } from '@/test/finance';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';
import { monthsAgoIso, todayIso } from './lib/format';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function signIn(isOwner = true) {
  storeSession({ id: FIN_WS, label: 'Carla Mendes', username: 'carla', is_owner: isOwner });
}

const thisMonth = todayIso().slice(0, 7);

function books(): FinanceState {
  return {
    accounts: [
      account(1, { label: 'Nubank PJ', opening_balance: 1000 }),
      account(2, { label: 'Wise', currency: 'USD', account_type: 'payment_account' }),
    ],
    categories: [
      category(1, { label: 'Equipamentos', color: '#2563EB' }),
      category(2, { label: 'Assinaturas', category_type: 'income', color: '#16A34A' }),
    ],
    transactions: [
      transaction(1, { amount: 59.7, date: `${thisMonth}-01`, category: finId(102) }),
      transaction(2, { amount: -300, date: `${thisMonth}-02`, category: finId(101) }),
      transaction(3, { amount: -100, date: `${thisMonth}-02` }),
      transaction(4, { amount: -50, date: `${thisMonth}-03`, status: 'pending' }),
      transaction(5, {
        amount: 25,
        date: `${thisMonth}-03`,
        account_id: finId(2),
        currency: 'USD',
      }),
    ],
  };
}

describe('Finanças in the navigation', () => {
  it('sits between Assinantes and Perfil and is active on every finance path', () => {
    const items = navItems(shellNav, {
      id: FIN_WS,
      label: 'Carla',
      username: 'carla',
      is_owner: true,
    });
    expect(items.map((i) => i.label)).toEqual([
      'Overview',
      'Encontrar criadores',
      'Mensagens',
      'Assinantes',
      'Gorjetas',
      'Mensagem para todos',
      'Finanças',
      'Arquivos',
      'Perfil',
      'Configurações',
    ]);
    expect(items[6]).toMatchObject({ to: '/finance', activeWithin: '/finance' });
  });

  it('sends a signed-out visitor to the login with return_to', async () => {
    financeApi(books());
    const { router } = renderRoutes(routes, '/finance/transactions');
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(router.location.search).toBe(
      `?return_to=${encodeURIComponent('/finance/transactions')}`,
    );
  });
});

describe('/finance (Resumo)', () => {
  it(
    'shows the balances, the period in BRL only and the charts with their numbers',
    { timeout: 30_000 },
    async () => {
      signIn();
      const { calls } = financeApi(books());
      renderRoutes(routes, '/finance');
      expect(
        await screen.findByRole('heading', { name: 'Finanças', level: 1 }),
      ).toBeInTheDocument();
      const figures = await screen.findByText('Saldo atual');
      // 1.000,00 + 59,70 - 300,00 - 100,00; the pending -50,00 only in the projection
      await waitFor(() => expect(nbsp(figures.parentElement!.textContent)).toContain('R$ 659,70'));
      expect(nbsp(screen.getByText('Saldo projetado').parentElement!.textContent)).toContain(
        'R$ 609,70',
      );
      await waitFor(() =>
        expect(nbsp(screen.getByText('Receitas no período').parentElement!.textContent)).toContain(
          'R$ 59,70',
        ),
      );
      // pending counts in the period's flow, the USD row does not
      expect(nbsp(screen.getByText('Despesas no período').parentElement!.textContent)).toContain(
        '-R$ 450,00',
      );

      const expenses = await screen.findByRole(
        'list',
        { name: 'Despesas por categoria' },
        { timeout: 15_000 },
      );
      const equipment = within(expenses).getByRole('listitem', { name: 'Equipamentos' });
      expect(nbsp(equipment.textContent)).toContain('-R$ 300,00');
      expect(nbsp(equipment.textContent)).toContain('66,7%');
      expect(within(expenses).getByRole('listitem', { name: 'Sem categoria' })).toBeInTheDocument();
      // the first import of the charting library in a test run is a cold transform of a large
      // module graph
      expect(
        await screen.findByRole(
          'img',
          { name: 'Gráfico de receitas e despesas por mês' },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('img', { name: 'Gráfico de despesas por categoria' }),
      ).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'Fluxo de caixa' });
      expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
      expect(nbsp(within(table).getAllByRole('row').at(-1)!.textContent)).toContain('R$ 59,70');

      const cashflow = calls.find((c) => c.path === `/api/v1/balances/cashflow/${FIN_WS}`)!;
      expect(Object.fromEntries(cashflow.query)).toEqual({
        currency: 'BRL',
        from: monthsAgoIso(6),
        to: todayIso(),
      });
      expect(nbsp(screen.getByText(/^Pagas/).parentElement!.textContent)).toContain('R$ 39,80');

      // another currency: its own figures, never added to BRL
      await userEvent.setup().selectOptions(screen.getByLabelText('Moeda'), 'USD');
      await waitFor(() =>
        expect(nbsp(screen.getByText('Saldo atual').parentElement!.textContent)).toContain(
          'US$ 25,00',
        ),
      );
      expect(
        calls.some(
          (c) =>
            c.path === `/api/v1/balances/cashflow/${FIN_WS}` && c.query.get('currency') === 'USD',
        ),
      ).toBe(true);
    },
  );

  it('asks for the first account when there is none', async () => {
    signIn();
    financeApi({ accounts: [], categories: [], transactions: [] });
    renderRoutes(routes, '/finance');
    expect(await screen.findByText('Comece pelas suas contas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cadastrar conta' })).toHaveAttribute(
      'href',
      '/finance/accounts',
    );
  });
});

describe('/finance/accounts', () => {
  it('creates an account with a negative opening balance and shows it with its total', async () => {
    signIn();
    const state: FinanceState = { accounts: [], categories: [], transactions: [] };
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/accounts');
    expect(await screen.findByText('Nenhuma conta ainda')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Nova conta' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nova conta' });
    await user.type(within(dialog).getByLabelText('Nome da conta'), 'Cartão Inter');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Cartão de crédito');
    await user.type(within(dialog).getByLabelText('Saldo inicial'), '-123456');
    expect(nbsp((within(dialog).getByLabelText('Saldo inicial') as HTMLInputElement).value)).toBe(
      '-R$ 1.234,56',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Conta criada.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      label: 'Cartão Inter',
      account_type: 'credit_card',
      currency: 'BRL',
      opening_balance: -1234.56,
      description: null,
    });
    const card = await screen.findByRole('listitem', { name: 'Cartão Inter' });
    expect(nbsp(card.textContent)).toContain('-R$ 1.234,56');
    expect(within(card).getByText('Cartão de crédito')).toBeInTheDocument();
    expect(nbsp(screen.getByTestId('total-BRL').textContent)).toContain('-R$ 1.234,56');
  });

  it('shows the server field error and keeps the dialog open', async () => {
    signIn();
    const state: FinanceState = { accounts: [], categories: [], transactions: [] };
    state.failOnce = {
      [`POST /api/v1/account/${FIN_WS}`]: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Moeda inválida: use um código ISO 4217, como BRL ou USD.',
      },
    };
    financeApi(state);
    renderRoutes(routes, '/finance/accounts');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Nova conta' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nova conta' });
    await user.type(within(dialog).getByLabelText('Nome da conta'), 'Conta');
    await user.clear(within(dialog).getByLabelText('Moeda'));
    await user.type(within(dialog).getByLabelText('Moeda'), 'XYZ');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // the contract refuses XYZ before anything is sent
    expect(
      await within(dialog).findByText('Moeda inválida: use um código ISO 4217, como BRL ou USD.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nova conta' })).toBeInTheDocument();
  });

  it('refuses to delete an account with transactions, with the server message', async () => {
    signIn();
    const state = books();
    financeApi(state);
    renderRoutes(routes, '/finance/accounts');
    const card = await screen.findByRole('listitem', { name: 'Nubank PJ' });
    await waitFor(() => expect(nbsp(card.textContent)).toContain('Projetado: R$ 609,70'));
    expect(nbsp(card.textContent)).toContain('R$ 659,70');
    expect(nbsp(screen.getByTestId('total-USD').textContent)).toContain('US$ 25,00');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Ações da conta Nubank PJ' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir conta?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir conta' }));
    expect(
      await screen.findByText(
        'Esta conta tem lançamentos. Exclua ou mova os lançamentos antes de excluir a conta.',
      ),
    ).toBeInTheDocument();
    expect(state.accounts).toHaveLength(2);
  });

  it('edits an account without resending an unchanged currency', async () => {
    signIn();
    const state = books();
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/accounts');
    const card = await screen.findByRole('listitem', { name: 'Nubank PJ' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Ações da conta Nubank PJ' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar conta' });
    expect(within(dialog).getByLabelText('Nome da conta')).toHaveValue('Nubank PJ');
    await user.clear(within(dialog).getByLabelText('Nome da conta'));
    await user.type(within(dialog).getByLabelText('Nome da conta'), 'Nubank Empresa');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Conta atualizada.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/v1/account/${FIN_WS}/${finId(1)}`);
    expect(put.body).toEqual({
      label: 'Nubank Empresa',
      account_type: 'checking',
      opening_balance: 1000,
      description: null,
    });
    expect(await screen.findByRole('listitem', { name: 'Nubank Empresa' })).toBeInTheDocument();
  });

  it('shows a member the balances without the controls', async () => {
    signIn(false);
    financeApi(books());
    renderRoutes(routes, '/finance/accounts');
    expect(await screen.findByRole('listitem', { name: 'Nubank PJ' })).toBeInTheDocument();
    expect(
      screen.getByText('Você faz parte desta equipe como membro', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova conta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ações da conta/ })).not.toBeInTheDocument();
  });
});

describe('/finance/categories', () => {
  it('lists by type, creates one (a taken name goes to the field) and deletes one', async () => {
    signIn();
    const state = books();
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/categories');
    const expenses = await screen.findByRole('list', { name: 'Despesas' });
    expect(within(expenses).getByRole('listitem', { name: 'Equipamentos' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Receitas' })).getByRole('listitem', {
        name: 'Assinaturas',
      }),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nova categoria' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nova categoria' });
    await user.type(within(dialog).getByLabelText('Nome'), 'equipamentos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Já existe uma categoria com este nome.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Impostos');
    await user.clear(within(dialog).getByLabelText('Cor'));
    await user.type(within(dialog).getByLabelText('Cor'), '#dc2626');
    await user.type(within(dialog).getByLabelText('Palavras-chave (opcional)'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Cada palavra-chave deve ter ao menos 2 caracteres.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Palavras-chave (opcional)'));
    await user.type(
      within(dialog).getByLabelText('Palavras-chave (opcional)'),
      'DARF, simples nacional',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Categoria criada.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)!.body).toEqual({
      label: 'Impostos',
      color: '#DC2626',
      category_type: 'expense',
      description: null,
      match: ['DARF', 'simples nacional'],
    });
    const taxes = await within(screen.getByRole('list', { name: 'Despesas' })).findByRole(
      'listitem',
      { name: 'Impostos' },
    );
    expect(taxes).toHaveTextContent('Palavras-chave: DARF, simples nacional');

    await user.click(screen.getByRole('button', { name: 'Editar Equipamentos' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Excluir categoria?' });
    expect(dialog).toHaveTextContent('os lançamentos dela ficarão sem categoria');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir categoria' }));
    expect(await screen.findByText('Categoria excluída.')).toBeInTheDocument();
    expect(state.categories.map((c) => c.label)).toEqual(['Assinaturas', 'Impostos']);
    expect(state.transactions[1]!.category).toBeNull();
  });
});
