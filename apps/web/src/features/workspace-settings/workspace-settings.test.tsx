import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { STORAGE_KEYS } from '@/lib/session';
import { meFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { canSaveDescription, canSaveName, canSaveUsername } from './can-save';
import { FakeXhr } from '@/test/xhr';

const WS_ID = '11111111-1111-4111-8111-111111111111';
const UPLOAD_ID = '22222222-2222-4222-8222-222222222222';
const COVER_URL = 'http://localhost/api/v1/public/images/workspaces/w/cover-abc.webp';

interface Ws {
  id: string;
  label: string;
  username: string;
  description: string;
  avatar_url: string | null;
  cover_url: string | null;
  is_owner: boolean;
  is_creator: boolean;
}

function workspaceFixture(overrides: Partial<Ws> = {}): Ws {
  return {
    id: WS_ID,
    label: 'Maria da Silva',
    username: 'mariasilva',
    description: 'Receitas veganas toda semana.',
    avatar_url: null,
    cover_url: null,
    is_owner: true,
    is_creator: true,
    ...overrides,
  };
}

function signIn(ws: Ws) {
  storeSession(ws);
}

/** An in-memory workspace API; `complete` decides how POST /uploads/{id}/complete answers. */
function workspaceApi(
  initial: Ws,
  complete: (call: Call) => { status?: number; body?: unknown } = () => ({
    body: {
      purpose: 'workspace_cover',
      url: COVER_URL,
      thumbnail_url: COVER_URL.replace('.webp', '.thumb.webp'),
      cover_url: COVER_URL,
      workspace_id: WS_ID,
    },
  }),
) {
  let ws = { ...initial };
  const mock = mockFetch((call) => {
    if (call.path === '/api/v1/me') return { body: meFixture({ is_owner: ws.is_owner }) };
    if (call.path === '/api/v1/workspaces') return { body: { workspaces: [ws] } };
    if (call.path === `/api/v1/workspaces/${WS_ID}` && call.method === 'GET') return { body: ws };
    if (call.path === `/api/v1/workspaces/objects/${WS_ID}/usage`)
      return { body: { used_bytes: 1536 * 1024 * 1024, quota_bytes: 5120 * 1024 * 1024 } };
    if (call.path === `/api/v1/workspaces/${WS_ID}` && call.method === 'PUT') {
      const body = call.body as Partial<Ws>;
      if (body.username === 'tomado')
        return {
          status: 409,
          body: {
            message: 'Este nome de usuário já está em uso.',
            code: 'USERNAME_TAKEN',
            errors: [{ field: 'username', message: 'Este nome de usuário já está em uso.' }],
          },
        };
      ws = { ...ws, ...body };
      return { body: ws };
    }
    if (call.path === `/api/v1/workspaces/${WS_ID}/cover-photo/upload`)
      return {
        body: {
          upload_id: UPLOAD_ID,
          presigned_url: 'http://localhost/api/v1/storage/upload?sig=1',
          method: 'PUT',
          headers: { 'Content-Type': 'image/png' },
          expires_at: '2030-01-01T00:00:00.000Z',
          max_size: 15 * 1024 * 1024,
          file_path: `incoming/${UPLOAD_ID}.png`,
        },
      };
    if (call.path === `/api/v1/uploads/${UPLOAD_ID}/complete`) {
      const answer = complete(call);
      if (!answer.status || answer.status < 300) ws = { ...ws, cover_url: COVER_URL };
      return answer;
    }
    return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
  });
  return mock;
}

const png = (bytes = 2000) => new File([new Uint8Array(bytes)], 'capa.png', { type: 'image/png' });

async function openSettings() {
  renderRoutes(routes, '/settings/workspace');
  return screen.findByRole('form', { name: 'Nome' });
}

beforeEach(() => {
  setViewportWidth(1280);
  FakeXhr.instances = [];
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview-1');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('enable rules', () => {
  it('name: owner, not blank, different from the current one', () => {
    expect(canSaveName('Maria', 'Maria', true)).toBe(false);
    expect(canSaveName('Maria Doces', 'Maria', true)).toBe(true);
    expect(canSaveName('Maria Doces', 'Maria', false)).toBe(false);
    expect(canSaveName('   ', 'Maria', true)).toBe(false);
  });

  it("username: owner, the server's rules (3–30 of a-z 0-9 . _), a change", () => {
    expect(canSaveUsername('maria.doces_2', 'maria', true)).toBe(true);
    expect(canSaveUsername('maria', 'maria', true)).toBe(false);
    expect(canSaveUsername('ma', 'maria', true)).toBe(false);
    expect(canSaveUsername('Maria', 'maria', true)).toBe(false);
    expect(canSaveUsername('maria-doces', 'maria', true)).toBe(false);
    expect(canSaveUsername('a'.repeat(31), 'maria', true)).toBe(false);
    expect(canSaveUsername('maria.doces', 'maria', false)).toBe(false);
  });

  it('description: owner with a non-empty description of at most 250', () => {
    expect(canSaveDescription('Oi', true)).toBe(true);
    expect(canSaveDescription('  ', true)).toBe(false);
    expect(canSaveDescription('Oi', false)).toBe(false);
    expect(canSaveDescription('a'.repeat(250), true)).toBe(true);
    expect(canSaveDescription('a'.repeat(251), true)).toBe(false);
  });
});

describe('/settings/workspace: owner', () => {
  it('saves the name; the stored workspace and the switcher follow', async () => {
    signIn(workspaceFixture());
    const { calls } = workspaceApi(workspaceFixture());
    const user = userEvent.setup();
    const form = await openSettings();
    const input = within(form).getByLabelText('Nome do espaço de trabalho');
    const save = within(form).getByRole('button', { name: 'Salvar' });
    expect(input).toHaveValue('Maria da Silva');
    expect(save).toBeDisabled();

    await user.clear(input);
    expect(save).toBeDisabled();
    await user.type(input, 'Maria Doces');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(
      await screen.findByText('O nome do espaço de trabalho foi alterado com sucesso.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sucesso')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ label: 'Maria Doces' });
    expect(save).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!)).toMatchObject({
      id: WS_ID,
      label: 'Maria Doces',
    });
    const switcher = screen.getByRole('button', { name: /Trocar espaço de trabalho/ });
    expect(within(switcher).getByText('Maria Doces')).toBeInTheDocument();
  });

  it("username: server rules on the field, 409 shown on the field and in an 'Erro' toast, then saved", async () => {
    signIn(workspaceFixture());
    const { calls } = workspaceApi(workspaceFixture());
    const user = userEvent.setup();
    await openSettings();
    const form = screen.getByRole('form', { name: 'Nome de usuário' });
    const input = within(form).getByLabelText('Nome de usuário');
    const save = within(form).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'ma-ria');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'Tomado'); // lower-cased as typed
    expect(input).toHaveValue('tomado');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(within(form).getByText('Este nome de usuário já está em uso.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'maria.doces');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(save);
    expect(
      await screen.findByText('O nome de usuário foi alterado com sucesso.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { username: 'tomado' },
      { username: 'maria.doces' },
    ]);
    // the shell's 'Perfil' link follows the stored workspace
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute(
        'href',
        '/profile/maria.doces',
      ),
    );
  });

  it('description: the 251st character cannot be typed, the counter shows it, Save needs text', async () => {
    signIn(workspaceFixture());
    const { calls } = workspaceApi(workspaceFixture());
    const user = userEvent.setup();
    await openSettings();
    const form = screen.getByRole('form', { name: 'Descrição' });
    const textarea = within(form).getByLabelText('Descrição');
    const save = within(form).getByRole('button', { name: 'Salvar' });
    expect(save).toBeEnabled(); // a non-empty description

    await user.clear(textarea);
    expect(save).toBeDisabled();
    expect(within(form).getByText('0/250 caracteres')).toBeInTheDocument();

    await user.click(textarea);
    await user.paste('x'.repeat(260));
    expect(textarea).toHaveValue('x'.repeat(250));
    await user.type(textarea, 'y');
    expect(textarea).toHaveValue('x'.repeat(250));
    expect(textarea).toHaveAttribute('maxLength', '250');
    expect(within(form).getByText('250/250 caracteres')).toBeInTheDocument();
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByText('A descrição foi alterada com sucesso.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ description: 'x'.repeat(250) });
  });

  it("appearance: 'Escuro' and 'Claro' switch the theme", async () => {
    signIn(workspaceFixture());
    workspaceApi(workspaceFixture());
    const user = userEvent.setup();
    await openSettings();
    const group = screen.getByRole('group', { name: 'Aparência' });
    expect(within(group).getByRole('radio', { name: 'Claro' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Escuro' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    await user.click(within(group).getByRole('radio', { name: 'Claro' }));
    expect(document.documentElement).toHaveClass('light');
  });
});

describe('/settings/workspace: storage', () => {
  it("shows the space used as a bar: 'X de Y usados'", async () => {
    signIn(workspaceFixture());
    workspaceApi(workspaceFixture());
    await openSettings();
    const region = screen.getByRole('region', { name: 'Armazenamento' });
    expect(await within(region).findByText('1,5 GB de 5 GB usados')).toBeInTheDocument();
    const bar = within(region).getByRole('progressbar', { name: 'Espaço de armazenamento usado' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
  });

  it('a failed load says so and retries', async () => {
    signIn(workspaceFixture());
    let fail = true;
    mockFetch((call) => {
      if (call.path === `/api/v1/workspaces/objects/${WS_ID}/usage`) {
        if (fail)
          return { status: 500, body: { message: 'Erro interno.', code: 'INTERNAL_ERROR' } };
        return { body: { used_bytes: 0, quota_bytes: 5120 * 1024 * 1024 } };
      }
      if (call.path === '/api/v1/me') return { body: meFixture() };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [workspaceFixture()] } };
      if (call.path === `/api/v1/workspaces/${WS_ID}`) return { body: workspaceFixture() };
      return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
    });
    const user = userEvent.setup();
    await openSettings();
    const region = screen.getByRole('region', { name: 'Armazenamento' });
    expect(
      await within(region).findByText('Falha ao buscar o espaço usado.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByText('0 MB de 5 GB usados')).toBeInTheDocument();
  });
});

describe('/settings/workspace: cover upload', () => {
  it('previews at once, shows the progress, then the processed image and the spec toast', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signIn(workspaceFixture());
    const { calls } = workspaceApi(workspaceFixture());
    const user = userEvent.setup();
    await openSettings();
    expect(screen.queryByRole('img', { name: 'Imagem de capa' })).not.toBeInTheDocument();

    const file = png(2000);
    await user.upload(screen.getByLabelText('Escolher imagem de capa'), file);

    expect(
      await screen.findByRole('img', { name: 'Prévia da nova imagem de capa' }),
    ).toHaveAttribute('src', 'blob:http://localhost/preview-1');
    const bar = await screen.findByRole('progressbar', { name: 'Enviando imagem de capa' });
    expect(screen.getByRole('button', { name: 'Alterar capa' })).toBeDisabled();
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('http://localhost/api/v1/storage/upload?sig=1');
    expect(xhr.headers['Content-Type']).toBe('image/png');
    expect(xhr.body).toBe(file);
    expect(calls.find((c) => c.path.endsWith('/cover-photo/upload'))?.body).toEqual({
      content_type: 'image/png',
      size: 2000,
    });

    act(() => xhr.upload.onprogress?.({ loaded: 800, total: 2000, lengthComputable: true }));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();

    act(() => {
      xhr.status = 200;
      xhr.onload?.();
    });
    expect(await screen.findByText('Imagem de capa atualizada com sucesso.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/api/v1/uploads/${UPLOAD_ID}/complete`)).toBe(true);
    expect(screen.getByRole('img', { name: 'Imagem de capa' })).toHaveAttribute('src', COVER_URL);
    expect(
      screen.queryByRole('progressbar', { name: 'Enviando imagem de capa' }),
    ).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!).cover_url).toBe(COVER_URL);
  });

  it('refuses other file types here, without calling the API', async () => {
    signIn(workspaceFixture());
    const { calls } = workspaceApi(workspaceFixture());
    const user = userEvent.setup({ applyAccept: false });
    await openSettings();
    const input = screen.getByLabelText('Escolher imagem de capa');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Envie uma imagem JPEG, PNG ou WebP.')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('upload'))).toBe(false);
    expect(screen.queryByRole('img', { name: 'Prévia da nova imagem de capa' })).toBeNull();
  });

  it("a refused upload: 'Falha ao enviar a imagem de capa.', the preview goes, the reason shows", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signIn(workspaceFixture());
    workspaceApi(workspaceFixture(), () => ({
      status: 415,
      body: {
        message: 'O arquivo enviado não é uma imagem JPEG, PNG ou WebP válida.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    }));
    const user = userEvent.setup();
    await openSettings();
    await user.upload(screen.getByLabelText('Escolher imagem de capa'), png());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => {
      FakeXhr.instances[0]!.status = 200;
      FakeXhr.instances[0]!.onload?.();
    });
    expect(await screen.findByText('Falha ao enviar a imagem de capa.')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'O arquivo enviado não é uma imagem JPEG, PNG ou WebP válida.',
    );
    expect(screen.queryByRole('img', { name: 'Prévia da nova imagem de capa' })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/preview-1');
  });
});

describe('/settings/workspace: member', () => {
  it('shows everything read-only with the owner-only note', async () => {
    const ws = workspaceFixture({ is_owner: false, label: 'Estúdio Ana', username: 'estudioana' });
    signIn(ws);
    workspaceApi(ws);
    await openSettings();
    expect(
      screen.getByText('Apenas o proprietário do espaço de trabalho pode editar o perfil.'),
    ).toBeInTheDocument();
    for (const label of ['Nome do espaço de trabalho', 'Nome de usuário', 'Descrição'])
      expect(screen.getByLabelText(label, { selector: 'input,textarea' })).toBeDisabled();
    for (const name of ['Alterar capa', 'Alterar foto'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByLabelText('Escolher imagem de capa')).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: 'Salvar' }))
      expect(button).toBeDisabled();
    // the appearance is a personal choice: still available
    expect(screen.getByRole('radio', { name: 'Escuro' })).toBeEnabled();
  });
});

describe('workspace switcher', () => {
  it('switching to another workspace refetches this page for it (stored under `workspace`)', async () => {
    const own = workspaceFixture();
    const team = workspaceFixture({
      id: '99999999-9999-4999-8999-999999999999',
      label: 'Estúdio Ana',
      username: 'estudioana',
      is_owner: false,
    });
    signIn(own);
    const { calls } = mockFetch((call) => {
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [own, team] } };
      if (call.path === `/api/v1/workspaces/${own.id}`) return { body: own };
      if (call.path === `/api/v1/workspaces/${team.id}`) return { body: team };
      return { status: 404, body: { message: 'x', code: 'NOT_FOUND' } };
    });
    const user = userEvent.setup();
    await openSettings();
    expect(screen.getByLabelText('Nome do espaço de trabalho')).toHaveValue('Maria da Silva');

    await user.click(screen.getByRole('button', { name: /Trocar espaço de trabalho/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Estúdio Ana/ }));

    await waitFor(() =>
      expect(screen.getByLabelText('Nome do espaço de trabalho')).toHaveValue('Estúdio Ana'),
    );
    expect(screen.getByLabelText('Nome do espaço de trabalho')).toBeDisabled();
    expect(calls.some((c) => c.path === `/api/v1/workspaces/${team.id}`)).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!)).toMatchObject({
      id: team.id,
      username: 'estudioana',
      is_owner: false,
    });
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute(
      'href',
      '/profile/estudioana',
    );
  });
});
