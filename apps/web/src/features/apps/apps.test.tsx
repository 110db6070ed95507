import { APP_CATALOGUE } from '@fa-clube/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { meFixture, mockFetch } from '@/test/fetch';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';

const WS_ID = '11111111-1111-4111-8111-111111111111';

const workspace = (isOwner: boolean) => ({
  id: WS_ID,
  label: 'Maria da Silva',
  username: 'mariasilva',
  description: '',
  avatar_url: null,
  cover_url: null,
  is_owner: isOwner,
});

/** An in-memory apps API: `failToggle` refuses the install. */
function appsApi({ isOwner = true, failList = false, failToggle = false } = {}) {
  const installed: Record<string, string | null> = { trueid: null, 'email-marketing': null };
  const list = () => ({
    apps: (['trueid', 'email-marketing'] as const).map((label) => ({
      label,
      ...APP_CATALOGUE[label],
      installed: Boolean(installed[label]),
      installed_at: installed[label],
    })),
  });
  return mockFetch((call) => {
    if (call.path === '/api/v1/me') return { body: meFixture() };
    if (call.path === '/api/v1/workspaces') return { body: { workspaces: [workspace(isOwner)] } };
    if (call.path === `/api/v1/apps/${WS_ID}` && call.method === 'GET')
      return failList
        ? { status: 500, body: { message: 'Ocorreu um erro', code: 'INTERNAL' } }
        : { body: list() };
    if (call.path === `/api/v1/apps/${WS_ID}` && call.method === 'PUT') {
      const label = call.query.get('label')!;
      if (failToggle)
        return {
          status: 403,
          body: {
            message: 'Apenas o proprietário do espaço de trabalho pode fazer isso.',
            code: 'OWNER_REQUIRED',
          },
        };
      const wanted = (call.body as { installed: boolean }).installed;
      installed[label] = wanted ? '2026-11-24T10:00:00.000Z' : null;
      return { body: list().apps.find((a) => a.label === label) };
    }
    return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
  });
}

beforeEach(() => setViewportWidth(1280));

describe('/settings/apps', { timeout: 20_000 }, () => {
  it('is a tab of Configurações and lists both apps with what they do', async () => {
    storeSession(workspace(true));
    appsApi();
    renderRoutes(routes, '/settings/apps');
    const list = await screen.findByRole('list', { name: 'Apps disponíveis' });
    const trueid = await within(list).findByRole('group', { name: APP_CATALOGUE.trueid.name });
    expect(within(trueid).getByText(APP_CATALOGUE.trueid.description)).toBeInTheDocument();
    expect(within(trueid).getByText('O que faz')).toBeInTheDocument();
    expect(within(trueid).getByText('Não instalado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/settings/apps');
  });

  it('installs with the switch, then offers to open the app', async () => {
    storeSession(workspace(true));
    const { calls } = appsApi();
    renderRoutes(routes, '/settings/apps');
    const toggle = await screen.findByRole('switch', {
      name: `Instalar ${APP_CATALOGUE.trueid.name}`,
    });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.query.get('label')).toBe('trueid');
    expect(put.body).toEqual({ installed: true });
    expect(await screen.findByText(`${APP_CATALOGUE.trueid.name} instalado.`)).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: `Abrir ${APP_CATALOGUE.trueid.name}` }),
    ).toHaveAttribute('href', '/settings/apps/trueid');
  });

  it('puts the switch back and shows the error when the server refuses', async () => {
    storeSession(workspace(true));
    appsApi({ failToggle: true });
    renderRoutes(routes, '/settings/apps');
    const toggle = await screen.findByRole('switch', {
      name: `Instalar ${APP_CATALOGUE['email-marketing'].name}`,
    });
    await userEvent.click(toggle);
    expect(
      await screen.findByText('Apenas o proprietário do espaço de trabalho pode fazer isso.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('shows members the catalogue read-only', async () => {
    storeSession(workspace(false));
    appsApi({ isOwner: false });
    renderRoutes(routes, '/settings/apps');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Apenas o proprietário pode instalar e desinstalar apps.',
    );
    expect(screen.getAllByRole('group')).toHaveLength(2);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('offers to retry when the list fails', async () => {
    storeSession(workspace(true));
    appsApi({ failList: true });
    renderRoutes(routes, '/settings/apps');
    expect(await screen.findByText('Não foi possível carregar os apps.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
