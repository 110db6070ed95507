/**
 * 'Mensagem para todos' (/broadcasts, issue 32): the owner writes a message (text, a file and a
 * price optional) for an audience and sends it; what was sent is listed with its counts; the
 * price needs a file and stays within bounds; a refusal (the daily cap) is said; members only
 * read.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Broadcast } from '@fa-clube/contract';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession, storedWorkspaces } from '@/test/session';
import { FakeXhr } from '@/test/xhr';

const WS = '7b0c2b8e-3c1a-4a57-9d4e-0f5b8a1c2d3e';
const broadcastsPath = `/api/v1/chats/${WS}/broadcasts`;

function signIn(isOwner = true) {
  storeSession({ id: WS, label: 'Carla Mendes', username: 'carla', is_owner: isOwner });
}

const sent = (over: Partial<Broadcast> = {}): Broadcast => ({
  id: '0d0d0d0d-0000-4000-8000-000000000001',
  text: 'Ensaio novo no ar!',
  audience: 'subscribers',
  attachment_kind: 'image',
  price: 15,
  status: 'sent',
  recipients: 12,
  delivered: 10,
  skipped: 2,
  read: 7,
  purchased: 3,
  revenue: 45,
  created_at: '2026-11-20T12:00:00.000Z',
  ...over,
});

/** The API: the list (`list` answers it), the welcome message, the upload URL and the send. */
function api(
  options: { list?: Broadcast[]; send?: (call: Call) => { status: number; body: unknown } } = {},
) {
  let list = options.list ?? [];
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === broadcastsPath && call.method === 'GET')
      return { body: { broadcasts: list, page: 0, size: 20, total: list.length } };
    if (call.path === broadcastsPath && call.method === 'POST') {
      const answer = options.send?.(call) ?? {
        status: 202,
        body: { id: sent().id, recipients: 3 },
      };
      if (answer.status === 202) list = [sent({ status: 'sending', delivered: 0 }), ...list];
      return answer;
    }
    if (call.path === `/api/v1/workspaces/${WS}/welcome-message`)
      return {
        body: { enabled: false, text: '', attachment: null, price: null, updated_at: null },
      };
    if (call.path === `/api/v1/workspaces/objects/${WS}` && call.method === 'POST')
      return {
        body: {
          presigned_url: '/api/v1/storage/put/uploads/x.jpg',
          method: 'PUT',
          headers: { 'Content-Type': 'image/jpeg' },
          expires_at: '2026-11-20T12:10:00.000Z',
          max_size: 15 * 1024 * 1024,
          file_path: 'uploads/2026/11/x.jpg',
        },
      };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

/** The page loads lazily (and slowly on a busy machine). */
const LOAD = { timeout: 20_000 };
const form = () => screen.findByTestId('broadcast-form', {}, LOAD);

describe('Mensagem para todos', () => {
  it(
    'sends a text to the chosen audience and lists it as being sent',
    { timeout: 60_000 },
    async () => {
      signIn();
      const { calls } = api();
      renderRoutes(routes, '/broadcasts');
      const f = await form();
      expect(await screen.findByText('Nenhuma mensagem para todos ainda')).toBeVisible();
      const send = within(f).getByRole('button', { name: 'Enviar para todos' });
      // nothing written: nothing to send
      expect(send).toBeDisabled();
      await userEvent.type(within(f).getByLabelText('Mensagem'), '  Live hoje às 20h!  ');
      await userEvent.selectOptions(
        within(f).getByLabelText('Enviar para'),
        'Assinantes do plano anual',
      );
      await userEvent.click(send);
      expect(await screen.findByText('Mensagem a caminho de 3 fãs.')).toBeVisible();
      const post = calls.find((c) => c.method === 'POST' && c.path === broadcastsPath);
      expect(post?.body).toEqual({
        text: 'Live hoje às 20h!',
        attachment: null,
        price: null,
        audience: 'subscribers:yearly',
      });
      // the form is cleared; the list is read again and shows it on its way
      await waitFor(() => expect(within(f).getByLabelText('Mensagem')).toHaveValue(''));
      const row = await screen.findByTestId('broadcast-row', {}, LOAD);
      expect(within(row).getByText('Enviando')).toBeVisible();
    },
  );

  it(
    'shows each message sent with its delivered, read and bought counts and revenue',
    { timeout: 60_000 },
    async () => {
      signIn(false);
      api({ list: [sent()] });
      renderRoutes(routes, '/broadcasts');
      const row = await screen.findByTestId('broadcast-row', {}, LOAD);
      expect(within(row).getByText('Enviada')).toBeVisible();
      expect(within(row).getByText('Todos os assinantes ativos')).toBeVisible();
      expect(within(row).getByText('Com imagem')).toBeVisible();
      expect(within(row).getByText('Ensaio novo no ar!')).toBeVisible();
      expect(within(row).getByTestId('count-Destinatários')).toHaveTextContent('12');
      expect(within(row).getByTestId('count-Entregues')).toHaveTextContent('10');
      expect(within(row).getByTestId('count-Lidas')).toHaveTextContent('7');
      expect(within(row).getByTestId('count-Compradas')).toHaveTextContent('3');
      expect(within(row).getByTestId('count-Receita')).toHaveTextContent('R$ 45,00');
      expect(within(row).getByText('2 fãs não quiseram receber')).toBeVisible();
      // a member reads, never writes
      expect(screen.queryByTestId('broadcast-form')).toBeNull();
      expect(
        await within(screen.getByTestId('welcome-message')).findByText(
          'Apenas o proprietário pode alterar a mensagem de boas-vindas.',
        ),
      ).toBeVisible();
    },
  );

  it(
    'sells an image: a price needs a file, within bounds; the file is uploaded first',
    { timeout: 60_000 },
    async () => {
      signIn();
      const { calls } = api();
      renderRoutes(routes, '/broadcasts');
      const f = await form();
      await userEvent.type(within(f).getByLabelText('Mensagem'), 'Foto exclusiva');
      await userEvent.click(within(f).getByRole('button', { name: 'Definir preço' }));
      const price = within(f).getByLabelText('Preço para desbloquear');
      await userEvent.type(price, '1500');
      expect(
        within(f).getByText('Anexe uma imagem ou um vídeo para vender a mensagem.'),
      ).toBeVisible();
      expect(within(f).getByRole('button', { name: 'Enviar para todos' })).toBeDisabled();

      // a text file is refused on the spot
      const input = f.querySelector<HTMLInputElement>('input[type="file"]')!;
      await userEvent.upload(input, new File(['x'], 'notas.txt', { type: 'text/plain' }), {
        applyAccept: false,
      });
      expect(within(f).getByRole('alert')).toHaveTextContent(
        'Envie uma imagem JPEG ou PNG, ou um vídeo MP4.',
      );
      await userEvent.upload(input, new File(['jpeg'], 'ensaio.jpg', { type: 'image/jpeg' }));
      expect(within(f).getByTestId('draft-attachment')).toHaveTextContent('ensaio.jpg');
      expect(
        within(f).getByText('Cada fã paga uma vez por Pix para ver a imagem ou o vídeo.'),
      ).toBeVisible();
      expect((price as HTMLInputElement).value).toMatch(/15,00$/);

      // out of bounds (over R$ 5.000,00 is capped by the input; under R$ 1,00 is refused)
      await userEvent.clear(price);
      await userEvent.type(price, '50');
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(within(f).getByRole('button', { name: 'Enviar para todos' })).toBeDisabled();
      await userEvent.clear(price);
      await userEvent.type(price, '1500');

      await userEvent.click(within(f).getByRole('button', { name: 'Enviar para todos' }));
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
      const xhr = FakeXhr.last;
      expect(xhr.method).toBe('PUT');
      act(() => xhr.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true }));
      expect(within(f).getByRole('status')).toHaveTextContent('Enviando arquivo… 50%');
      act(() => {
        xhr.status = 200;
        xhr.onload?.();
      });
      expect(await screen.findByText('Mensagem a caminho de 3 fãs.')).toBeVisible();
      const upload = calls.find((c) => c.method === 'POST' && c.path.endsWith(`/objects/${WS}`));
      expect(upload?.body).toEqual({ extension_type: 'jpg', size: 4 });
      expect(calls.find((c) => c.method === 'POST' && c.path === broadcastsPath)?.body).toEqual({
        text: 'Foto exclusiva',
        attachment: { file_path: 'uploads/2026/11/x.jpg' },
        price: 15,
        audience: 'subscribers',
      });
    },
  );

  it(
    'says why the server refused (the daily cap) and keeps the message',
    { timeout: 60_000 },
    async () => {
      signIn();
      api({
        send: () => ({
          status: 429,
          body: {
            code: 'BROADCAST_DAILY_LIMIT',
            message: 'Você atingiu o limite diário de mensagens para todos. Tente de novo amanhã.',
          },
        }),
      });
      renderRoutes(routes, '/broadcasts');
      const f = await form();
      await userEvent.type(within(f).getByLabelText('Mensagem'), 'Mais uma');
      await userEvent.click(within(f).getByRole('button', { name: 'Enviar para todos' }));
      expect(
        await screen.findByText(
          'Você atingiu o limite diário de mensagens para todos. Tente de novo amanhã.',
        ),
      ).toBeVisible();
      expect(within(f).getByLabelText('Mensagem')).toHaveValue('Mais uma');
      expect(within(f).getByRole('button', { name: 'Enviar para todos' })).toBeEnabled();
    },
  );
});
