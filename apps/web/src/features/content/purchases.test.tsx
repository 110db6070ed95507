/**
 * 'Minhas compras' (/purchases, issue 32): the posts and the chat messages the caller bought;
 * a bought message shows its creator, text, file and price, and opens its conversation at it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MessagePurchase } from '@fa-clube/contract';
import { routes } from '@/app/routes';
import { CREATOR_WS_ID, makePost, signIn } from '@/test/content';
import { mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storedWorkspaces } from '@/test/session';

const CHAT = '0d0d0d0d-0000-4000-8000-000000000001';
const MESSAGE = '01900000-0000-7000-8000-000000000009';
const LOAD = { timeout: 20_000 };

const message: MessagePurchase = {
  kind: 'message',
  item_id: MESSAGE,
  value: 12.5,
  purchased_at: '2026-11-20T12:00:00.000Z',
  chat_id: CHAT,
  workspace: { id: CREATOR_WS_ID, username: 'bia', label: 'Bia Lima', avatar_url: null },
  message: {
    id: MESSAGE,
    chat_id: CHAT,
    sender: { id: null, username: null, full_name: 'Bia Lima', side: 'creator' },
    text: 'Foto exclusiva para você',
    attachment: {
      kind: 'image',
      content_type: 'image/webp',
      url: 'http://localhost/storage/object?k=msg',
      expires_at: '2026-11-20T12:15:00.000Z',
    },
    price: 12.5,
    purchased: true,
    created_at: '2026-11-20T11:00:00.000Z',
  },
};

function api(purchases: unknown[]) {
  return mockFetch((call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === '/api/v1/purchases')
      return { body: { purchases, page: 0, size: 20, total: purchases.length } };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

describe('Minhas compras', () => {
  it(
    'lists bought messages beside bought posts; a message opens its conversation at it',
    { timeout: 60_000 },
    async () => {
      signIn();
      const post = makePost({ description: 'Ensaio na praia', locked: false, purchased: true });
      api([
        message,
        {
          kind: 'post',
          item_id: post.id,
          value: 15,
          purchased_at: '2026-11-19T12:00:00.000Z',
          content: post,
        },
      ]);
      const { router } = renderRoutes(routes, '/purchases');
      const list = await screen.findByTestId('purchased-messages', {}, LOAD);
      const [item] = within(list).getAllByRole('listitem');
      expect(item).toHaveTextContent('Bia Lima');
      expect(item).toHaveTextContent('Mensagem de @bia');
      expect(item).toHaveTextContent('Foto exclusiva para você');
      expect(item).toHaveTextContent(/Pago R\$\s12,50/);
      expect(
        within(item!).getByRole('img', { name: 'Imagem da mensagem de Bia Lima' }),
      ).toHaveAttribute('src', 'http://localhost/storage/object?k=msg');
      // the bought post is there too, as a card
      expect(await screen.findByText('Ensaio na praia')).toBeVisible();
      await userEvent.click(within(item!).getByRole('link', { name: 'Abrir na conversa' }));
      await waitFor(() =>
        expect(router.location.pathname).toBe(`/messages/${CREATOR_WS_ID}/${CHAT}`),
      );
      expect(router.location.search).toBe(`?mensagem=${MESSAGE}`);
    },
  );

  it('says nothing was bought yet', { timeout: 60_000 }, async () => {
    signIn();
    api([]);
    renderRoutes(routes, '/purchases');
    expect(
      await screen.findByText('Você ainda não comprou nenhum conteúdo.', {}, LOAD),
    ).toBeVisible();
    expect(
      screen.getByText('Publicações e mensagens com preço aparecem aqui depois do pagamento.'),
    ).toBeVisible();
  });
});
