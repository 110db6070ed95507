import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch';
import { renderAt } from '@/test/render';
import { storeSession } from '@/test/session';
import { EnableNotificationsButton } from './enable-notifications';

const KEY =
  'BPVEtW7xKIWKt_uUsUIsCWvJv1eX1hMm5jcuSgrqR2oLDH8bQk4U9V8OgP3q6hO5oS2JrS8Sm0m0_5k8xG2Jn9Q';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

/** A browser with Web Push: its permission prompt, service worker and push manager. */
function browser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => ({
    toJSON: () => ({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p256dh-da-chave', auth: 'auth-secreta' },
      used: opts,
    }),
  }));
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration) },
  });
  return { requestPermission, register, subscribe };
}

function api() {
  return mockFetch((call) => {
    if (call.path === '/api/v1/push/public-key') return { body: { key: KEY } };
    if (call.path === '/api/v1/push/subscriptions' && call.method === 'POST')
      return { status: 201, body: { endpoint: ENDPOINT } };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

describe("'Ativar notificações'", () => {
  it('asks the permission only on the click, then subscribes and registers the browser', async () => {
    storeSession();
    const b = browser('granted');
    const { calls } = api();
    renderAt(<EnableNotificationsButton />);
    const button = await screen.findByRole('button', { name: 'Ativar notificações' });
    // nothing asked or registered before the gesture
    expect(b.requestPermission).not.toHaveBeenCalled();
    expect(b.register).not.toHaveBeenCalled();
    await act(() => userEvent.click(button));
    expect(await screen.findByText('Notificações ativadas neste aparelho.')).toBeInTheDocument();
    expect(b.requestPermission).toHaveBeenCalledTimes(1);
    expect(b.register).toHaveBeenCalledWith('/sw.js');
    const key = b.subscribe.mock.calls[0]![0].applicationServerKey;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p256dh-da-chave', auth: 'auth-secreta' },
    });
    expect(screen.getByTestId('notifications-enabled')).toHaveTextContent('Notificações ativadas');
  });

  it('says so when the person blocks them, and registers nothing', async () => {
    storeSession();
    const b = browser('denied');
    const { calls } = api();
    renderAt(<EnableNotificationsButton />);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Ativar notificações' })));
    expect(await screen.findByText(/O navegador bloqueou as notificações/)).toBeInTheDocument();
    expect(b.register).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ativar notificações' })).toBeEnabled(),
    );
  });

  it('is not offered where the browser has no Web Push', () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    // jsdom has no PushManager nor Notification
    renderAt(<EnableNotificationsButton />);
    expect(screen.queryByRole('button', { name: 'Ativar notificações' })).toBeNull();
  });
});
