import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession, storedWorkspaces } from '@/test/session';

const WS = '0c0c0c0c-0000-4000-8000-000000000001';
const POST = '0f0f0f0f-0000-4000-8000-000000000001';
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const month = (m: string, total: number, extra: Record<string, unknown> = {}) => ({
  month: m,
  new: 2,
  renewed: 1,
  churned: 1,
  revenue: { subscriptions: total, posts: 0, messages: 0, tips: 0, total },
  refunds: 0,
  ...extra,
});

const figures = {
  currency: 'BRL',
  mrr: 1234.5,
  active_subscribers: 42,
  by_plan: { monthly: 30, quarterly: 8, yearly: 4 },
  automatic_renewals: 12,
  months: [
    month('2026-11', 900),
    month('2026-12', 1100.25, {
      refunds: 15,
      revenue: { subscriptions: 1000.25, posts: 45, messages: 10, tips: 45, total: 1100.25 },
    }),
  ],
  churn_rate: 0.0667,
  top_posts: [{ id: POST, description: 'Ensaio exclusivo', likes: 7, purchases: 3, revenue: 45 }],
};

function insightsApi(answer: unknown) {
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === `/api/v1/insights/${WS}`) return { body: answer };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Não encontrado.' } };
  });
}

describe("/insights ('Visão geral')", () => {
  it('shows the figures, the months in tables and the best posts; the period asks again', async () => {
    storeSession({ id: WS, label: 'Maria', username: 'maria', is_owner: true });
    const { calls } = insightsApi(figures);
    renderRoutes(routes, '/insights');
    const dl = await screen.findByTestId('insights-figures');
    expect(nbsp(dl.textContent)).toContain('R$ 1.234,50');
    expect(nbsp(dl.textContent)).toContain('42');
    expect(nbsp(dl.textContent)).toContain('30 mensal · 8 trimestral · 4 anual');
    expect(nbsp(dl.textContent)).toContain('R$ 1.100,25');
    expect(nbsp(dl.textContent)).toContain('Já descontados R$ 15,00 de reembolsos.');
    expect(nbsp(dl.textContent)).toContain('6,7');
    const user = userEvent.setup();
    await user.click((await screen.findAllByText('Ver os números em tabela'))[0]!);
    const revenue = await screen.findByRole('table', { name: 'Receita por mês' });
    expect(
      nbsp(within(revenue).getByText('dezembro de 2026').closest('tr')?.textContent),
    ).toContain('R$ 1.000,25');
    const top = screen.getByTestId('insights-top-posts');
    expect(nbsp(top.textContent)).toContain('Ensaio exclusivo');
    expect(nbsp(top.textContent)).toContain('7 curtidas · 3 compras');
    const asked = () => calls.filter((c) => c.path.startsWith('/api/v1/insights/'));
    expect(asked().map((c) => c.query.get('months'))).toEqual(['12']);
    await user.selectOptions(screen.getByLabelText('Período'), '24');
    await screen.findByTestId('insights-figures');
    expect(asked().map((c) => c.query.get('months'))).toEqual(['12', '24']);
  });

  it('invites a new creator to set up plans instead of empty charts', async () => {
    storeSession({ id: WS, label: 'Maria', username: 'maria', is_owner: true });
    insightsApi({
      ...figures,
      mrr: 0,
      active_subscribers: 0,
      by_plan: { monthly: 0, quarterly: 0, yearly: 0 },
      automatic_renewals: 0,
      months: [month('2026-12', 0, { new: 0, renewed: 0, churned: 0 })],
      churn_rate: null,
      top_posts: [],
    });
    renderRoutes(routes, '/insights');
    expect(await screen.findByText('Seus números aparecem aqui')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configurar planos' })).toHaveAttribute(
      'href',
      '/settings/plans',
    );
    expect(screen.queryByTestId('insights-figures')).not.toBeInTheDocument();
  });
});
