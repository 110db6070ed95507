import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { page } from './lazy-page';
import { Root } from './root';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  // React reports each error a boundary caught
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A page whose code does not arrive `failures` times (offline, a deploy), then does. */
function flakyPage(failures: number) {
  let calls = 0;
  const load = vi.fn(() =>
    ++calls <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve(() => <h1>Página carregada</h1>),
  );
  return { load, element: page(load) };
}

describe('a page that fails', () => {
  it("shows its error with 'Tentar de novo', which loads it again", async () => {
    const { load, element } = flakyPage(2);
    renderRoutes([{ element: <Root />, children: [{ path: '/', element }] }], '/');
    expect(await screen.findByText('Não foi possível abrir esta página')).toBeInTheDocument();
    expect(screen.getByText(/O que você escreveu continua guardado/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    // still failing: the error again, after a second try
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { name: 'Página carregada' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("offline says 'Sem conexão' and opens by itself when the connection returns", async () => {
    setOnline(false);
    const { element } = flakyPage(1);
    renderRoutes([{ element: <Root />, children: [{ path: '/', element }] }], '/');
    expect(await screen.findByRole('heading', { name: 'Sem conexão' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-bar')).toHaveTextContent(
      'Sem conexão. O que você escrever fica guardado até a internet voltar.',
    );
    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Página carregada' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-bar')).not.toBeInTheDocument();
  });

  it('a page that throws while rendering shows the error, not a white screen', async () => {
    let broken = true;
    const Broken = () => {
      if (broken) throw new Error('boom');
      return <h1>Consertada</h1>;
    };
    renderRoutes(
      [
        {
          element: <Root />,
          children: [{ path: '/', element: page(() => Promise.resolve(Broken)) }],
        },
      ],
      '/',
    );
    expect(await screen.findByText('Não foi possível abrir esta página')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { name: 'Consertada' })).toBeInTheDocument();
  });
});
