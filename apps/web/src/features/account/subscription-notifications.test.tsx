import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { meFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';

const DAY = 86_400_000;
const WS = '0b0b0b0b-0000-4000-8000-00000000000a';
const ACTIVE = '0b0b0b0b-0000-4000-8000-0000000000a1';
const ENDED = '0b0b0b0b-0000-4000-8000-0000000000a2';

const sub = (id: string, username: string, status: string, endMs: number) => ({
  id,
  workspace_id: WS,
  username,
  label: username.toUpperCase(),
  avatar_url: null,
  plan_type: 'monthly',
  status,
  current_period_end: new Date(endMs).toISOString(),
  renewal: 'manual',
  recurrence_status: null,
});

/** 'Minhas assinaturas' with one running and one ended subscription; the switches as the server keeps them. */
function api(opts: { refusePut?: boolean; failGet?: boolean } = {}) {
  const saved = { email: true, push: true };
  const now = Date.now();
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/subscriptions')
      return {
        body: {
          subscriptions: [
            sub(ACTIVE, 'carla', 'active', now + 20 * DAY),
            sub(ENDED, 'enzo', 'expired', now - DAY),
          ],
          pending_charges: [],
          payments: [],
          page: 0,
          size: 20,
          total: 2,
        },
      };
    if (call.path === `/api/v1/subscriptions/${ACTIVE}/notifications`) {
      if (opts.failGet)
        return { status: 503, body: { message: 'Fora do ar.', code: 'UNAVAILABLE' } };
      if (call.method === 'PUT') {
        if (opts.refusePut)
          return {
            status: 404,
            body: { message: 'Assinatura não encontrada.', code: 'SUBSCRIPTION_NOT_FOUND' },
          };
        Object.assign(saved, call.body);
      }
      return { body: { ...saved } };
    }
    if (call.path === '/api/v1/me') return { body: meFixture() };
    if (call.path === '/api/v1/workspaces') return { body: { workspaces: [] } };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

describe("'Minhas assinaturas': avisos de novas publicações", () => {
  it('shows the switches of a running subscription only, and saves each (PUT)', async () => {
    storeSession();
    const { calls } = api();
    renderRoutes(routes, '/subscriptions');
    const [carla, enzo] = await screen.findAllByTestId('my-subscription', {}, { timeout: 20_000 });
    expect(within(enzo!).queryByTestId('subscription-notifications')).toBeNull();
    const email = await within(carla!).findByRole('switch', {
      name: 'Avisos de novas publicações de @carla por e-mail',
    });
    const push = within(carla!).getByRole('switch', {
      name: 'Notificações de novas publicações de @carla no aparelho',
    });
    expect(email).toBeChecked();
    expect(push).toBeChecked();

    await act(() => userEvent.click(email));
    await waitFor(() => expect(email).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { email: false, push: true },
    ]);
    expect(await screen.findByText('Avisos atualizados.')).toBeInTheDocument();
    await waitFor(() => expect(push).toBeEnabled());
    await act(() => userEvent.click(push));
    await waitFor(() => expect(push).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { email: false, push: true },
      { email: false, push: false },
    ]);
    // the ended subscription asked nothing
    expect(calls.some((c) => c.path.includes(ENDED))).toBe(false);
  });

  it('turns the switch back and says why when saving is refused', async () => {
    storeSession();
    api({ refusePut: true });
    renderRoutes(routes, '/subscriptions');
    const email = await screen.findByRole('switch', {
      name: 'Avisos de novas publicações de @carla por e-mail',
    });
    await act(() => userEvent.click(email));
    expect(await screen.findByText('Assinatura não encontrada.')).toBeInTheDocument();
    await waitFor(() => expect(email).toBeChecked());
  });

  it('offers to try again when the switches cannot be loaded', async () => {
    storeSession();
    api({ failGet: true });
    renderRoutes(routes, '/subscriptions');
    expect(await screen.findByText('Não foi possível carregar os avisos.')).toBeInTheDocument();
  });
});
