import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { routes } from '@/app/routes';
import { FIN_WS, account, category, financeApi, finId, transaction } from '@/test/finance';
import type { FinanceState } from '@/test/finance';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';
import { FakeXhr } from '@/test/xhr';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function signIn(isOwner = true) {
  storeSession({ id: FIN_WS, label: 'Carla Mendes', username: 'carla', is_owner: isOwner });
}

function ledger(): FinanceState {
  return {
    accounts: [account(1, { label: 'Nubank PJ' }), account(2, { label: 'Caixa' })],
    categories: [
      category(1, { label: 'Equipamentos' }),
      category(2, { label: 'Assinaturas', category_type: 'income', color: '#16A34A' }),
    ],
    transactions: [
      transaction(1, {
        label: 'Assinatura de @bruno',
        amount: 19.9,
        date: '2026-11-20',
        category: finId(102),
        source: 'pix',
        account_id: finId(2),
      }),
      transaction(2, { label: 'Microfone', amount: -459.9, date: '2026-11-12' }),
      transaction(3, { label: '=HYPERLINK("x")', amount: -1234.5, date: '2026-10-01' }),
    ],
  };
}

const rows = () => screen.findAllByTestId('transaction-row');

describe('/finance/transactions', () => {
  it('lists the newest first with dd/mm/aaaa dates, signed amounts and the source', async () => {
    signIn();
    const { calls } = financeApi(ledger());
    renderRoutes(routes, '/finance/transactions');
    const list = await rows();
    expect(list).toHaveLength(3);
    const [pix, mic] = list;
    expect(within(pix!).getByText('Assinatura de @bruno')).toBeInTheDocument();
    expect(within(pix!).getByText('20/11/2026')).toBeInTheDocument();
    expect(nbsp(within(pix!).getByText(/R\$ 19,90/).textContent)).toBe('Receita: +R$ 19,90');
    expect(within(pix!).getByText('Pix')).toBeInTheDocument();
    expect(within(pix!).getByText('Caixa')).toBeInTheDocument();
    expect(nbsp(within(mic!).getByText(/459,90/).textContent)).toBe('Despesa: -R$ 459,90');
    expect(within(mic!).getByRole('combobox', { name: 'Categoria de Microfone' })).toHaveValue('');
    expect(
      within(pix!).getByRole('combobox', { name: 'Categoria de Assinatura de @bruno' }),
    ).toHaveValue(finId(102));
    const first = calls.find((c) => c.path === `/api/v1/transactions/${FIN_WS}`)!;
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('size')).toBe('20');
    expect(screen.getByText('3 lançamentos · Página 1 de 1')).toBeInTheDocument();
  });

  it('filters by account, category, status, period and text, kept in the address', async () => {
    signIn();
    const { calls } = financeApi(ledger());
    const { router } = renderRoutes(routes, '/finance/transactions?page=1');
    await rows();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Conta'), 'Caixa');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
    expect(router.location.search).toBe(`?account_id=${finId(2)}`);

    await user.selectOptions(screen.getByLabelText('Conta'), 'Todas as contas');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Sem categoria');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
    await user.type(screen.getByLabelText('Buscar'), 'micro');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
    const last = calls.filter((c) => c.path === `/api/v1/transactions/${FIN_WS}`).at(-1)!;
    expect(last.query.get('category')).toBe('none');
    expect(last.query.get('q')).toBe('micro');

    await user.type(screen.getByLabelText('De'), '01122026');
    expect(screen.getByLabelText('De')).toHaveValue('01/12/2026');
    expect(await screen.findByText('Nenhum lançamento encontrado')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Limpar filtros' })[0]!);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    expect(router.location.search).toBe('');
  });

  it('drops a filter the contract refuses instead of sending it', async () => {
    signIn();
    const { calls } = financeApi(ledger());
    renderRoutes(routes, '/finance/transactions?status=pago&from=2026-02-30&q=micro');
    await rows();
    const first = calls.find((c) => c.path === `/api/v1/transactions/${FIN_WS}`)!;
    expect(first.query.get('status')).toBeNull();
    expect(first.query.get('from')).toBeNull();
    expect(first.query.get('q')).toBe('micro');
  });

  // 20 full rows (two selects and a menu each) render slowly in jsdom: measured ~7 s on a
  // loaded 2-core machine, most of it the first render of the lazy route
  it('pages 20 at a time', { timeout: 20_000 }, async () => {
    signIn();
    const state = ledger();
    state.transactions = Array.from({ length: 25 }, (_, i) =>
      transaction(i + 1, { date: `2026-10-${String(i + 1).padStart(2, '0')}` }),
    );
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/transactions');
    expect(await rows()).toHaveLength(20);
    const pager = () => within(screen.getByRole('navigation', { name: 'Páginas de lançamentos' }));
    expect(pager().getByText('25 lançamentos · Página 1 de 2')).toBeInTheDocument();
    expect(pager().getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.setup().click(pager().getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(5));
    expect(pager().getByText('25 lançamentos · Página 2 de 2')).toBeInTheDocument();
    expect(pager().getByRole('button', { name: 'Próxima' })).toBeDisabled();
    expect(screen.getByText('Lançamento 5')).toBeInTheDocument(); // the oldest, last
    const pages = calls
      .filter((c) => c.path === `/api/v1/transactions/${FIN_WS}`)
      .map((c) => c.query.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('changes the category and the status in place', async () => {
    signIn();
    const state = ledger();
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/transactions');
    await rows();
    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Categoria de Microfone' }),
      'Equipamentos',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Categoria de Microfone' })).toHaveValue(
        finId(101),
      ),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação de Microfone' }),
      'Pendente',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Situação de Microfone' })).toHaveValue(
        'pending',
      ),
    );
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, c.body])).toEqual([
      [`/api/v1/transaction/${FIN_WS}/${finId(1002)}`, { category: finId(101) }],
      [`/api/v1/transaction/${FIN_WS}/${finId(1002)}`, { status: 'pending' }],
    ]);
    expect(state.transactions[1]).toMatchObject({ category: finId(101), status: 'pending' });
  });

  it('registers an expense by hand: Despesa and R$ 45,90 are sent as -45.9', async () => {
    signIn();
    const state = ledger();
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/transactions');
    await rows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Novo lançamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo lançamento' });
    const save = within(dialog).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Despesa' }));
    await user.type(within(dialog).getByLabelText('Valor'), '4590');
    expect(nbsp((within(dialog).getByLabelText('Valor') as HTMLInputElement).value)).toBe(
      'R$ 45,90',
    );
    await user.clear(within(dialog).getByLabelText('Data'));
    await user.type(within(dialog).getByLabelText('Data'), '15112026');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Cabo XLR');
    await user.selectOptions(within(dialog).getByLabelText('Conta'), 'Nubank PJ (BRL)');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Equipamentos');
    await user.click(save);

    expect(await screen.findByText('Lançamento registrado.')).toBeInTheDocument();
    const post = calls.find(
      (c) => c.method === 'POST' && c.path === `/api/v1/transaction/${FIN_WS}`,
    )!;
    expect(post.body).toEqual({
      transactions: [
        {
          account_id: finId(1),
          date: '2026-11-15',
          amount: -45.9,
          label: 'Cabo XLR',
          category: finId(101),
          status: 'paid',
          note: null,
          issued_invoice: false,
        },
      ],
    });
    expect(await screen.findByText('Cabo XLR')).toBeInTheDocument();
    expect(state.transactions.at(-1)).toMatchObject({ label: 'Cabo XLR', amount: -45.9 });
  });

  it('deletes a transaction after confirming', async () => {
    signIn();
    const state = ledger();
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/transactions');
    await rows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ações de Microfone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir lançamento?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir lançamento' }));
    expect(await screen.findByText('Lançamento excluído.')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.body).toEqual({ transactions: [finId(1002)] });
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
  });

  it('attaches a receipt from the file store with progress, and removes it', async () => {
    signIn();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const state = ledger();
    const { calls } = financeApi(state);
    renderRoutes(routes, '/finance/transactions');
    await rows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Comprovantes de Microfone: 0 arquivos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprovantes' });
    expect(within(dialog).getByText('Nenhum comprovante anexado.')).toBeInTheDocument();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(2048)], 'nota.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(FakeXhr.instances.length).toBeGreaterThan(0));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers['Content-Type']).toBe('image/jpeg');
    xhr.upload.onprogress?.({ loaded: 1024, total: 2048, lengthComputable: true });
    expect(await within(dialog).findByText('Enviando… 50%')).toBeInTheDocument();
    xhr.status = 200;
    xhr.onload?.();
    expect(await screen.findByText('Comprovante anexado.')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('link', { name: 'Abrir comprovante 1' }),
    ).toHaveAttribute('href', expect.stringContaining('uploads/recibo-'));
    const upload = calls.find((c) => c.path === `/api/v1/workspaces/objects/${FIN_WS}`)!;
    expect(upload.body).toEqual({ extension_type: 'jpg', size: 2048 });
    expect(state.transactions[1]!.attachments).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Remover comprovante 1' }));
    expect(await screen.findByText('Comprovante removido.')).toBeInTheDocument();
    expect(state.transactions[1]!.attachments).toHaveLength(0);
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.query.get('file_path')).toMatch(/^uploads\/recibo-/);
  });

  it('exports every page of the filtered list as a CSV a spreadsheet in Portuguese opens', async () => {
    signIn();
    const state = ledger();
    state.transactions.push(
      ...Array.from({ length: 130 }, (_, i) =>
        transaction(10 + i, { label: `Item ${i}`, date: '2026-09-01' }),
      ),
    );
    const { calls } = financeApi(state);
    const created: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:lancamentos';
    };
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
      click.mockRestore();
    });

    renderRoutes(routes, `/finance/transactions?category=none`);
    await rows();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('132 lançamentos exportados.')).toBeInTheDocument();
    expect(names[0]).toMatch(/^lancamentos-\d{4}-\d{2}-\d{2}\.csv$/);
    const pages = calls.filter(
      (c) => c.path === `/api/v1/transactions/${FIN_WS}` && c.query.get('size') === '100',
    );
    expect(pages.map((c) => [c.query.get('page'), c.query.get('category')])).toEqual([
      ['1', 'none'],
      ['2', 'none'],
    ]);
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const lines = (await created[0]!.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Data;Descrição;Detalhes;Conta;Categoria;Situação;Valor;Moeda;Origem;Observação;Identificador do banco',
    );
    expect(lines[1]).toBe('12/11/2026;Microfone;;Nubank PJ;;Pago;-459,90;BRL;Manual;;');
    // a text cell that a spreadsheet would run as a formula is neutralized
    expect(lines[2]).toBe(`01/10/2026;"'=HYPERLINK(""x"")";;Nubank PJ;;Pago;-1234,50;BRL;Manual;;`);
    expect(lines).toHaveLength(132 + 2);
  });

  it('shows cards instead of a table on a phone, the filters folded under the search', async () => {
    setViewportWidth(375);
    signIn();
    financeApi(ledger());
    renderRoutes(routes, '/finance/transactions?status=paid');
    const list = await rows();
    expect(list[0]!.tagName).toBe('LI');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toBeInTheDocument();
    expect(screen.queryByLabelText('Conta')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Filtros (1)' }));
    expect(screen.getByLabelText('Situação')).toHaveValue('paid');
  });

  it('lets a member read but not change anything', async () => {
    signIn(false);
    const { calls } = financeApi(ledger());
    renderRoutes(routes, '/finance/transactions');
    await rows();
    expect(
      screen.getByText('Você faz parte desta equipe como membro', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo lançamento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ações de Microfone' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Categoria de Microfone' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Situação de Microfone' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('shows the empty state and a retry when the list fails', async () => {
    signIn();
    const state = ledger();
    state.failOnce = {
      [`GET /api/v1/transactions/${FIN_WS}`]: {
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Serviço indisponível.',
      },
    };
    financeApi(state);
    renderRoutes(routes, '/finance/transactions');
    expect(
      await screen.findByText('Não foi possível carregar os dados financeiros.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await rows()).toHaveLength(3);
  });
});
