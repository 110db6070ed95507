import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { FIN_WS, account, category, financeApi, finId } from '@/test/finance';
import type { FinanceState } from '@/test/finance';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function signIn(isOwner = true) {
  storeSession({ id: FIN_WS, label: 'Carla Mendes', username: 'carla', is_owner: isOwner });
}

/** A bank CSV with a preamble, `;`-separated, as Brazilian banks export it. */
const CSV = [
  'Extrato Conta Corrente',
  'Conta;12345-6',
  '',
  'Data;Descrição;Valor;Saldo',
  '01/11/2026;Padaria Pão Quente;-12,50;987,50',
  '02/11/2026;Pix recebido Bruno;19,90;1.007,40',
  '03/11/2026;Microfone;-459,90;547,50',
].join('\r\n');

function state(): FinanceState {
  return {
    accounts: [account(1, { label: 'Nubank PJ' })],
    categories: [category(1, { label: 'Padaria', color: '#F59E0B', match: ['padaria'] })],
    transactions: [],
    statement: {
      transactions: [
        { date: '2026-11-01', amount: -12.5, label: 'Padaria Pão Quente', import_key: 'a' },
        { date: '2026-11-02', amount: 19.9, label: 'Pix recebido Bruno', import_key: 'b' },
        { date: '2026-11-03', amount: -459.9, label: 'Microfone', import_key: 'c' },
      ],
      errors: [{ row: 9, message: 'Data inválida: use dd/mm/aaaa.' }],
    },
  };
}

async function upload(file: File) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('Arquivo do extrato');
  await user.upload(input, file);
  return user;
}

const decodeData = (data: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(data.slice(data.indexOf(',') + 1)), (c) => c.charCodeAt(0)),
  );

describe('/finance/import', () => {
  it('upload → mapping with a preview → review with suggestions and errors → save', async () => {
    signIn();
    const books = state();
    const { calls } = financeApi(books);
    renderRoutes(routes, '/finance/import');
    const user = await upload(new File([CSV], 'extrato.csv', { type: 'text/csv' }));

    // mapping: the header found under the preamble, the suggestion, the first rows as written
    expect(await screen.findByRole('heading', { name: 'Confira as colunas' })).toBeInTheDocument();
    const mapping = calls.find((c) => c.path === `/api/v1/transactions/${FIN_WS}/mapping`)!;
    expect(mapping.body).toEqual({
      from_columns: ['Data', 'Descrição', 'Valor', 'Saldo'],
      account_id: finId(1),
    });
    expect(screen.getByRole('combobox', { name: 'Campo da coluna Data' })).toHaveValue('date');
    expect(screen.getByRole('combobox', { name: 'Campo da coluna Valor' })).toHaveValue('amount');
    expect(screen.getByRole('combobox', { name: 'Campo da coluna Saldo' })).toHaveValue('');
    const preview = screen.getByRole('table', {
      name: 'As 3 primeiras linhas depois do cabeçalho.',
    });
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(within(preview).getByText('Padaria Pão Quente')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Colunas');

    // without an amount column it cannot go on
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campo da coluna Valor' }), '');
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    expect(screen.getByText('Escolha a coluna da data e a coluna do valor.')).toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Campo da coluna Valor' }),
      'amount',
    );
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    // review
    expect(
      await screen.findByRole('heading', { name: 'Revise os lançamentos' }),
    ).toBeInTheDocument();
    const format = calls.find((c) => c.path === `/api/v1/transactions/${FIN_WS}/format`)!;
    const sent = format.body as Record<string, string>;
    expect(sent.data).toMatch(/^data:text\/csv;base64,/);
    expect(decodeData(sent.data)).toBe(CSV);
    expect(sent).toMatchObject({
      data_encoding: 'base64',
      account_id: finId(1),
      invert_amounts: false,
      columns: { Data: 'date', Descrição: 'label', Valor: 'amount', Saldo: null },
    });
    expect(screen.getByTestId('import-summary')).toHaveTextContent(
      '3 lançamentos lidos · 0 já importados · 1 linha com erro',
    );
    await user.click(screen.getByText('1 linha não pôde ser lida'));
    expect(screen.getByText('Data inválida: use dd/mm/aaaa.')).toBeVisible();
    const bakery = screen.getByRole('listitem', { name: 'Padaria Pão Quente' });
    expect(
      within(bakery).getByRole('combobox', { name: 'Categoria de Padaria Pão Quente' }),
    ).toHaveValue(finId(101));
    expect(within(bakery).getByText('Sugerida por regra')).toBeInTheDocument();
    expect(nbsp(within(bakery).getByText(/12,50/).textContent)).toBe('Despesa: -R$ 12,50');

    // the user changes a category and leaves a row out
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Categoria de Padaria Pão Quente' }),
      'Sem categoria',
    );
    expect(within(bakery).queryByText('Sugerida por regra')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Importar Microfone' }));
    await user.click(screen.getByRole('button', { name: 'Salvar 2 lançamentos' }));

    expect(await screen.findByText('Extrato importado')).toBeInTheDocument();
    expect(screen.getByText('2 lançamentos salvos em Nubank PJ.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.path === `/api/v1/transaction/${FIN_WS}`);
    expect(posts).toHaveLength(1);
    // the confirmed mapping goes with the rows, remembered for the account's next file
    expect((posts[0]!.body as Record<string, unknown>).import_mapping).toEqual({
      columns: { Data: 'date', Descrição: 'label', Valor: 'amount', Saldo: null },
      invert_amounts: false,
    });
    const saved = (posts[0]!.body as { transactions: Record<string, unknown>[] }).transactions;
    expect(saved.map((r) => [r.label, r.category, r.account_id, r.import_key])).toEqual([
      ['Padaria Pão Quente', null, finId(1), 'a'],
      ['Pix recebido Bruno', null, finId(1), 'b'],
    ]);
    for (const row of saved) {
      expect(row).not.toHaveProperty('duplicate');
      expect(row).not.toHaveProperty('category_source');
      expect(row).not.toHaveProperty('row');
    }
    expect(books.transactions).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Ver lançamentos' })).toHaveAttribute(
      'href',
      `/finance/transactions?account_id=${finId(1)}`,
    );

    // the same file again: everything is a duplicate, unselected, nothing to save
    await user.click(screen.getByRole('button', { name: 'Importar outro arquivo' }));
    await upload(new File([CSV], 'extrato.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    const again = await screen.findByRole('listitem', { name: 'Padaria Pão Quente' });
    expect(within(again).getByText('Já importado')).toBeInTheDocument();
    expect(within(again).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByTestId('import-summary')).toHaveTextContent('2 já importados');
    expect(screen.getByRole('checkbox', { name: 'Importar Microfone' })).toBeChecked();
  });

  it('reads a Windows-1252 file for the mapping', async () => {
    signIn();
    const { calls } = financeApi(state());
    renderRoutes(routes, '/finance/import');
    // 'Histórico' with ó as the single byte 0xF3
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('Data;Hist'),
      0xf3,
      ...new TextEncoder().encode('rico;Valor\r\n01/11/2026;Caf'),
      0xe9,
      ...new TextEncoder().encode(';-5,00\r\n'),
    ]);
    await upload(new File([bytes], 'itau.csv', { type: 'text/csv' }));
    expect(
      await screen.findByRole('combobox', { name: 'Campo da coluna Histórico' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Café').length).toBeGreaterThan(0);
    const mapping = calls.find((c) => c.path === `/api/v1/transactions/${FIN_WS}/mapping`)!;
    expect(mapping.body).toEqual({
      from_columns: ['Data', 'Histórico', 'Valor'],
      account_id: finId(1),
    });
  });

  it('goes straight to the review for an OFX file (its columns are in the file)', async () => {
    signIn();
    const { calls } = financeApi(state());
    renderRoutes(routes, '/finance/import');
    const ofx = 'OFXHEADER:100\nDATA:OFXSGML\n<OFX><BANKMSGSRSV1><STMTTRN><TRNAMT>-12,50</OFX>';
    await upload(new File([ofx], 'extrato.ofx', { type: 'application/x-ofx' }));
    expect(
      await screen.findByRole('heading', { name: 'Revise os lançamentos' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/mapping'))).toBe(false);
    const format = calls.find((c) => c.path.endsWith('/format'))!;
    expect(format.body).not.toHaveProperty('columns');
  });

  it('saves a big file in batches of 1.000 with progress, and resumes after a failure', async () => {
    signIn();
    const books = state();
    books.statement = {
      transactions: Array.from({ length: 1500 }, (_, i) => ({
        label: `Venda ${i + 1}`,
        amount: 10,
        import_key: `v${i + 1}`,
      })),
    };
    books.failOnce = {
      [`POST /api/v1/transaction/${FIN_WS}`]: {
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'O serviço está temporariamente indisponível.',
        after: 1,
      },
    };
    const { calls } = financeApi(books);
    renderRoutes(routes, '/finance/import');
    const user = await upload(new File([CSV], 'grande.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Página 1 de 30')).toBeInTheDocument();
    expect(screen.getAllByTestId('import-row')).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Salvar 1.500 lançamentos' }));
    expect(
      await screen.findByText('O serviço está temporariamente indisponível.'),
    ).toBeInTheDocument();
    expect(books.transactions).toHaveLength(1000);
    expect(
      screen.getByText(
        'A importação parou no meio. Os lançamentos já salvos não serão duplicados.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continuar importação' }));
    expect(await screen.findByText('1.500 lançamentos salvos em Nubank PJ.')).toBeInTheDocument();
    expect(books.transactions).toHaveLength(1500);
    const sizes = calls
      .filter((c) => c.path === `/api/v1/transaction/${FIN_WS}`)
      .map((c) => (c.body as { transactions: unknown[] }).transactions.length);
    expect(sizes).toEqual([1000, 500, 1000, 500]);
  });

  it('refuses a file over 2 MB before reading it', async () => {
    signIn();
    const { calls } = financeApi(state());
    renderRoutes(routes, '/finance/import');
    await upload(
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'enorme.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('O arquivo é grande demais: o limite é de 2 MB.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server message when the file cannot be read', async () => {
    signIn();
    const books = state();
    books.failOnce = {
      [`POST /api/v1/transactions/${FIN_WS}/format`]: {
        status: 400,
        code: 'IMPORT_FILE_INVALID',
        message: 'Não foi possível ler o arquivo.',
      },
    };
    financeApi(books);
    renderRoutes(routes, '/finance/import');
    const user = await upload(new File([CSV], 'extrato.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível ler o arquivo.');
    expect(screen.getByRole('heading', { name: 'Confira as colunas' })).toBeInTheDocument();
  });

  it('keeps a member out of the import', async () => {
    signIn(false);
    financeApi(state());
    renderRoutes(routes, '/finance/import');
    expect(await screen.findByRole('button', { name: 'Escolher arquivo' })).toBeDisabled();
    expect(screen.getByLabelText('Conta de destino')).toBeDisabled();
  });

  it('asks for an account first', async () => {
    signIn();
    financeApi({ accounts: [], categories: [], transactions: [] });
    renderRoutes(routes, '/finance/import');
    expect(
      await screen.findByText('Cadastre a conta do banco antes de importar o extrato.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Cadastrar conta' })).toHaveAttribute(
        'href',
        '/finance/accounts',
      ),
    );
  });
});
