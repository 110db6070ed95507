import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '@fa-clube/contract';
import { routes } from '@/app/routes';
import { meFixture, metadataFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderAt, renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';
import { setViewportWidth } from '@/test/media';
import { ChatEmailSettings } from './components/email-settings';
import { outbox } from './lib/outbox';

const ME = metadataFixture.id;
const MY_WS = '0a0a0a0a-0000-4000-8000-000000000001';
const CARLA_WS = '0a0a0a0a-0000-4000-8000-000000000002';
const CARLA = '0b0b0b0b-0000-4000-8000-000000000002';
const FAN_CHAT = '0c0c0c0c-0000-4000-8000-000000000001';
const TEAM_CHAT = '0c0c0c0c-0000-4000-8000-000000000002';

let seq = 0;
const nextId = () => `01900000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;

function message(
  text: string,
  from: 'me' | 'carla',
  chatId = FAN_CHAT,
  id = nextId(),
): ChatMessage {
  return {
    id,
    chat_id: chatId,
    sender:
      from === 'me'
        ? { id: ME, username: 'mariasilva', full_name: 'Maria da Silva', side: 'fan' }
        : { id: CARLA, username: 'carla', full_name: 'Carla Mendes', side: 'creator' },
    text,
    created_at: new Date(Date.now() - 60_000).toISOString(),
  };
}

/** A conversation: 'fan', the viewer's with Carla; 'team', Bruno's with the viewer's workspace. */
function makeChat(kind: 'fan' | 'team', over: Partial<Chat> = {}): Chat {
  return {
    ...(kind === 'fan'
      ? {
          id: FAN_CHAT,
          workspace: { id: CARLA_WS, username: 'carla', label: 'Carla Mendes', avatar_url: null },
          fan: { id: ME, username: 'mariasilva', full_name: 'Maria da Silva', avatar_url: null },
        }
      : {
          id: TEAM_CHAT,
          workspace: {
            id: MY_WS,
            username: 'mariasilva',
            label: 'Maria da Silva',
            avatar_url: null,
          },
          fan: { id: CARLA, username: 'bruno', full_name: 'Bruno Lima', avatar_url: null },
        }),
    last_message: null,
    unread: 0,
    blocked: false,
    subscribed: true,
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    ...over,
  };
}
const fanChat = (over?: Partial<Chat>) => makeChat('fan', over);
const teamChat = (over?: Partial<Chat>) => makeChat('team', over);

interface ApiState {
  fanChats?: Chat[];
  teamChats?: Chat[];
  messages?: Record<string, ChatMessage[]>;
  unread?: number;
  /** Answer to POST …/messages; the default stores the message. */
  post?: (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> };
  postDelay?: number;
}

const page = (chats: Chat[]) => ({ chats, page: 1, size: 20, total: chats.length });

/** The API as the chat screens use it, over `state` (which a test may change). */
function chatApi(state: ApiState) {
  return mockFetch((call) => {
    const { path, method } = call;
    if (path === '/api/v1/me') return { body: meFixture() };
    if (path === '/api/v1/workspaces')
      return {
        body: {
          workspaces: [
            { id: MY_WS, label: 'Maria da Silva', username: 'mariasilva', is_owner: true },
          ],
        },
      };
    if (path === '/api/v1/chats/unread') return { body: { unread: state.unread ?? 0 } };
    if (path === '/api/v1/chats' && method === 'GET') return { body: page(state.fanChats ?? []) };
    if (path === `/api/v1/chats/${MY_WS}`) return { body: page(state.teamChats ?? []) };
    const all = [...(state.fanChats ?? []), ...(state.teamChats ?? [])];
    const m = /^\/api\/v1\/chats\/([^/]+)\/([^/]+)(\/(messages|read|block))?$/.exec(path);
    if (m) {
      const chat = all.find((c) => c.id === m[2]);
      if (!chat)
        return {
          status: 404,
          body: { message: 'Conversa não encontrada.', code: 'CHAT_NOT_FOUND' },
        };
      if (!m[4]) return { body: chat };
      if (m[4] === 'read') {
        chat.unread = 0;
        return { body: chat };
      }
      if (m[4] === 'messages' && method === 'GET') {
        const list = [...(state.messages?.[chat.id] ?? [])].reverse();
        const before = call.query.get('before');
        const from = before ? list.findIndex((x) => x.id === before) + 1 : 0;
        const size = Number(call.query.get('size') ?? 30);
        return { body: { messages: list.slice(from, from + size) } };
      }
      if (m[4] === 'messages') {
        if (state.post) return state.post(call);
        const sent = message((call.body as { text: string }).text.trim(), 'me', chat.id);
        return { status: 201, body: sent, delay: state.postDelay };
      }
    }
    return { status: 404, body: { message: 'x', code: 'NOT_FOUND' } };
  });
}

function signIn() {
  storeSession({ id: MY_WS, label: 'Maria da Silva', username: 'mariasilva', is_owner: true });
}

afterEach(() => outbox.clear());

describe('Mensagens: the shell', () => {
  it("counts the unread conversations on the 'Mensagens' entry and in the tab's title", async () => {
    setViewportWidth(1280);
    signIn();
    chatApi({ unread: 3, fanChats: [fanChat()] });
    renderRoutes(routes, '/messages');
    // (jsdom lays nothing out: no space between the label and the badge, as a browser has)
    const entry = await screen.findByRole('link', {
      name: /^Mensagens ?\(3 conversas não lidas\)$/,
    });
    expect(entry).toHaveAttribute('href', '/messages');
    expect(entry).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('(3) Mensagens · Fã Clube'));
  });

  it("shows '99+' from 100 on, and a dot on the phone's menu button", async () => {
    setViewportWidth(375);
    signIn();
    chatApi({ unread: 100, fanChats: [fanChat()] });
    renderRoutes(routes, '/dashboard');
    expect(
      await screen.findByRole('button', { name: 'Abrir menu, mais de 99 conversas não lidas' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('menu-unread-dot')).toBeInTheDocument();
    await waitFor(() => expect(document.title.startsWith('(99+) ')).toBe(true));
  });
});

describe('Mensagens: the list', () => {
  it('shows each conversation with the other side, the last message on one line, the time and the unread count', async () => {
    setViewportWidth(1280);
    signIn();
    chatApi({
      fanChats: [
        fanChat({ last_message: message('Oi!\nTudo bem?', 'carla'), unread: 2 }),
        fanChat({
          id: '0c0c0c0c-0000-4000-8000-000000000009',
          workspace: { id: CARLA_WS, username: 'lia', label: 'Lia Souza', avatar_url: null },
          last_message: message('Até amanhã', 'me'),
        }),
      ],
    });
    renderRoutes(routes, '/messages');
    const rows = await screen.findAllByTestId('chat-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Carla Mendes');
    expect(rows[0]).toHaveTextContent('Oi! Tudo bem?');
    expect(rows[0]).toHaveTextContent('(2 mensagens não lidas)');
    expect(within(rows[0]!).getByText('há 1 min')).toBeInTheDocument();
    expect(rows[0]).toHaveAttribute('href', `/messages/${CARLA_WS}/${FAN_CHAT}`);
    expect(rows[1]).toHaveTextContent('Você: Até amanhã');
    // one side only: no tabs
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // no conversation open: the side pane asks to pick one
    expect(screen.getByText('Suas conversas')).toBeInTheDocument();
  });

  it("offers 'Meu espaço' and 'Como fã' when the user has conversations on both sides", async () => {
    setViewportWidth(1280);
    signIn();
    chatApi({
      fanChats: [fanChat({ last_message: message('Oi, fã', 'carla'), unread: 1 })],
      teamChats: [teamChat({ last_message: message('Oi, criadora', 'carla', TEAM_CHAT) })],
    });
    renderRoutes(routes, '/messages');
    const mine = await screen.findByRole('tab', { name: 'Meu espaço' });
    const asFan = screen.getByRole('tab', { name: /^Como fã ?\(1 conversa não lida\)$/ });
    expect(mine).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Bruno Lima')).toBeInTheDocument();
    await userEvent.click(asFan);
    expect(await screen.findByText('Carla Mendes')).toBeInTheDocument();
    expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument();
  });

  it('explains an empty inbox', async () => {
    signIn();
    chatApi({});
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('Nenhuma conversa ainda')).toBeInTheDocument();
  });

  it("offers 'Tentar novamente' when the list fails", async () => {
    signIn();
    const state: ApiState = {};
    let fail = true;
    const api = chatApi(state);
    const base = api.fn.getMockImplementation()!;
    api.fn.mockImplementation(async (input, init) => {
      if (fail && String(input).startsWith('/api/v1/chats?'))
        return new Response(JSON.stringify({ message: 'x', code: 'INTERNAL_ERROR' }), {
          status: 500,
        });
      return base(input, init);
    });
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('Não foi possível carregar as conversas.')).toBeInTheDocument();
    fail = false;
    state.fanChats = [fanChat()];
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('chat-row')).toBeInTheDocument();
  });
});

describe('Mensagens: a conversation', () => {
  it('shows the messages by day, own ones on the right, and marks the conversation read', async () => {
    setViewportWidth(1280);
    signIn();
    const state: ApiState = {
      unread: 1,
      fanChats: [fanChat({ unread: 1 })],
      messages: {
        [FAN_CHAT]: [
          { ...message('Bem-vindo!', 'carla'), created_at: '2026-01-05T15:00:00.000Z' },
          message('Oi <b>Carla</b>\nlinha 2', 'me'),
        ],
      },
    };
    const { calls } = chatApi(state);
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    const log = await screen.findByRole('log', { name: 'Mensagens da conversa' });
    const own = await within(log).findByText(/Oi <b>Carla<\/b>/);
    // plain text, line breaks kept
    expect(own.textContent).toBe('Oi <b>Carla</b>\nlinha 2');
    expect(own.closest('[data-testid="message"]')).toHaveClass('items-end');
    expect(within(log).getByText('Bem-vindo!').closest('[data-testid="message"]')).toHaveClass(
      'items-start',
    );
    expect(within(log).getByRole('heading', { name: '5 de janeiro' })).toBeInTheDocument();
    expect(within(log).getByRole('heading', { name: 'Hoje' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/${FAN_CHAT}/read`))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('heading', { name: 'Carla Mendes' })).toBeInTheDocument();
  });

  it("sends with Enter: 'Enviando…' at once, then the message; Shift+Enter breaks the line", async () => {
    setViewportWidth(1280);
    signIn();
    const state: ApiState = { fanChats: [fanChat()], messages: { [FAN_CHAT]: [] }, postDelay: 300 };
    const { calls } = chatApi(state);
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    expect(await screen.findByText('Comece a conversa')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    await userEvent.type(box, 'Olá{Shift>}{Enter}{/Shift}tudo bem?');
    expect(box).toHaveValue('Olá\ntudo bem?');
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');
    const pending = await screen.findByText('Enviando…');
    expect(pending.closest('[data-testid="message"]')).toHaveAttribute('data-status', 'sending');
    await waitFor(() => expect(screen.queryByText('Enviando…')).not.toBeInTheDocument());
    const bubbles = screen.getAllByTestId('message');
    expect(bubbles).toHaveLength(1);
    expect(bubbles[0]).toHaveAttribute('data-status', 'sent');
    const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/messages'))!;
    expect(post.body).toEqual({ text: 'Olá\ntudo bem?' });
  });

  it("after a 429 says how long to wait, and 'Tentar de novo' sends it", async () => {
    setViewportWidth(1280);
    signIn();
    let limited = true;
    const state: ApiState = {
      fanChats: [fanChat()],
      messages: { [FAN_CHAT]: [] },
      post: (call) =>
        limited
          ? {
              status: 429,
              headers: { 'Retry-After': '12' },
              body: { message: 'Você enviou muitas mensagens seguidas.', code: 'RATE_LIMITED' },
            }
          : { status: 201, body: message((call.body as { text: string }).text, 'me') },
    };
    chatApi(state);
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await userEvent.type(box, 'Oi de novo{Enter}');
    expect(await screen.findByText('Não enviado')).toBeInTheDocument();
    expect(
      screen.getByText('Você enviou muitas mensagens seguidas. Tente de novo em 12 s.'),
    ).toBeInTheDocument();
    limited = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() =>
      expect(screen.getByTestId('message')).toHaveAttribute('data-status', 'sent'),
    );
    expect(screen.queryByText('Não enviado')).not.toBeInTheDocument();
  });

  it('counts near the 2000-character limit and holds a longer message', async () => {
    setViewportWidth(1280);
    signIn();
    chatApi({ fanChats: [fanChat()], messages: { [FAN_CHAT]: [] } });
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    fireEvent.change(box, { target: { value: 'a'.repeat(1799) } });
    expect(screen.queryByTestId('composer-counter')).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(1850) } });
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('1850/2000');
    expect(screen.getByTestId('composer-counter')).toHaveTextContent('150 caracteres restantes');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    fireEvent.change(box, { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A mensagem deve ter no máximo 2000 caracteres.',
    );
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it("loads the older messages ('Carregar anteriores') with the keyset of the oldest shown", async () => {
    setViewportWidth(1280);
    signIn();
    const history = Array.from({ length: 35 }, (_, i) =>
      message(`mensagem ${i + 1}`, i % 2 ? 'me' : 'carla'),
    );
    const { calls } = chatApi({ fanChats: [fanChat()], messages: { [FAN_CHAT]: history } });
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    expect(await screen.findByText('mensagem 35')).toBeInTheDocument();
    expect(screen.getAllByTestId('message')).toHaveLength(30);
    expect(screen.queryByText('mensagem 5')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar anteriores' }));
    expect(await screen.findByText('mensagem 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('message')).toHaveLength(35);
    const older = calls.filter((c) => c.path.endsWith('/messages') && c.query.has('before'));
    expect(older.map((c) => c.query.get('before'))).toEqual([history[5]!.id]);
    // nothing older: no button
    expect(screen.queryByRole('button', { name: 'Carregar anteriores' })).not.toBeInTheDocument();
  });

  it("after the subscription ended keeps the history and offers 'Renovar assinatura' instead of the composer", async () => {
    setViewportWidth(1280);
    signIn();
    chatApi({
      fanChats: [fanChat({ subscribed: false })],
      messages: { [FAN_CHAT]: [message('Até logo', 'carla')] },
    });
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    expect(await screen.findByText('Até logo')).toBeInTheDocument();
    expect(screen.getByText('Sua assinatura terminou')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renovar assinatura' })).toHaveAttribute(
      'href',
      '/profile/carla#assinaturas',
    );
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
  });

  it('lets the owner mute the fan after confirming, and shows who answered for the team', async () => {
    setViewportWidth(1280);
    signIn();
    const colleague = {
      ...message('Respondendo pela equipe', 'carla', TEAM_CHAT),
      sender: {
        id: '0b0b0b0b-0000-4000-8000-000000000077',
        username: 'ana',
        full_name: 'Ana Equipe',
        side: 'creator' as const,
      },
    };
    const state: ApiState = {
      teamChats: [teamChat()],
      messages: { [TEAM_CHAT]: [message('Oi!', 'carla', TEAM_CHAT), colleague] },
    };
    // the fan's message comes from the fan's side
    state.messages![TEAM_CHAT]![0]!.sender = {
      id: CARLA,
      username: 'bruno',
      full_name: 'Bruno Lima',
      side: 'fan',
    };
    const api = chatApi(state);
    const base = api.fn.getMockImplementation()!;
    api.fn.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/block') && init?.method === 'POST') {
        state.teamChats![0]!.blocked = true;
        return new Response(JSON.stringify(state.teamChats![0]), { status: 200 });
      }
      return base(input, init);
    });
    renderRoutes(routes, `/messages/${MY_WS}/${TEAM_CHAT}`);
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Ana Equipe')).toBeInTheDocument();
    expect(within(log).getByText('Oi!').closest('[data-testid="message"]')).toHaveClass(
      'items-start',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Silenciar fã' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bruno Lima continua lendo a conversa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silenciar' }));
    expect(await screen.findByRole('button', { name: 'Reativar' })).toBeInTheDocument();
    expect(
      screen.getByText('Você silenciou este fã: ele não pode enviar mensagens nesta conversa.'),
    ).toBeInTheDocument();
    // the team still answers
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();
  });

  it('on a phone shows the thread alone, with a way back to the list', async () => {
    setViewportWidth(375);
    signIn();
    chatApi({ fanChats: [fanChat()], messages: { [FAN_CHAT]: [message('Oi', 'carla')] } });
    const { router } = renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    expect(await screen.findByText('Oi')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Voltar para as conversas' }));
    await waitFor(() => expect(router.location.pathname).toBe('/messages'));
  });

  it('says so when the conversation does not exist or is not the viewer’s', async () => {
    signIn();
    chatApi({});
    renderRoutes(routes, `/messages/${CARLA_WS}/${FAN_CHAT}`);
    expect(await screen.findByText('Conversa não encontrada')).toBeInTheDocument();
  });
});

describe("Mensagens: 'Enviar mensagem'", () => {
  it('opens the conversation with the creator and goes there', async () => {
    signIn();
    const state: ApiState = { messages: { [FAN_CHAT]: [] } };
    const api = chatApi(state);
    const base = api.fn.getMockImplementation()!;
    api.fn.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/chats?username=carla' && init?.method === 'POST') {
        state.fanChats = [fanChat()];
        return new Response(JSON.stringify(fanChat()), { status: 201 });
      }
      return base(input, init);
    });
    const { router } = renderRoutes(routes, '/messages?to=carla');
    await waitFor(() => expect(router.location.pathname).toBe(`/messages/${CARLA_WS}/${FAN_CHAT}`));
    expect(await screen.findByText('Comece a conversa')).toBeInTheDocument();
  });

  it('says why when the viewer may not (no active subscription), with the way back to the profile', async () => {
    signIn();
    const api = chatApi({});
    const base = api.fn.getMockImplementation()!;
    api.fn.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/v1/chats?username=') && init?.method === 'POST')
        return new Response(
          JSON.stringify({
            message: 'Assine este perfil para conversar com o criador.',
            code: 'SUBSCRIPTION_REQUIRED',
          }),
          { status: 403 },
        );
      return base(input, init);
    });
    renderRoutes(routes, '/messages?to=carla');
    expect(await screen.findByText('Não foi possível abrir a conversa.')).toBeInTheDocument();
    expect(
      screen.getByText('Assine este perfil para conversar com o criador.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver perfil' })).toHaveAttribute(
      'href',
      '/profile/carla',
    );
  });
});

describe("'Avisos por e-mail'", () => {
  it('shows the preference and saves the switch (PUT /me/chat-settings)', async () => {
    signIn();
    let saved = true;
    const { calls } = mockFetch((call) => {
      if (call.path !== '/api/v1/me/chat-settings') return { status: 404, body: {} };
      if (call.method === 'PUT')
        saved = (call.body as { email_notifications: boolean }).email_notifications;
      return { body: { email_notifications: saved } };
    });
    renderAt(<ChatEmailSettings />);
    expect(
      await screen.findByText(
        'Receba um resumo por e-mail quando houver mensagens não lidas há mais de 10 minutos',
      ),
    ).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', {
      name: 'Receber avisos de mensagens não lidas por e-mail',
    });
    expect(toggle).toBeChecked();
    await act(() => userEvent.click(toggle));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ email_notifications: false });
    expect(await screen.findByText('Avisos por e-mail desativados.')).toBeInTheDocument();
  });
});
