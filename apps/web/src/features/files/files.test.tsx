import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession, storedWorkspaces } from '@/test/session';
import { FakeXhr } from '@/test/xhr';
import { crumbsOf, formatBytes, isValidFolderName, storableName } from './lib/file-names';

const WS = '7b0c2b8e-3c1a-4a57-9d4e-0f5b8a1c2d3e';
const base = `/api/v1/workspaces/objects/${WS}`;

function signIn(isOwner = true) {
  storeSession({ id: WS, label: 'Carla Mendes', username: 'carla', is_owner: isOwner });
}

const file = (path: string, size = 2048) => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  size,
  content_type: path.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg',
  updated_at: '2026-11-20T12:00:00.000Z',
});

/** A store with `fotos/` holding one image, and a video at the root. */
function store(options: { failList?: boolean } = {}) {
  const files = new Map<string, ReturnType<typeof file>[]>([
    ['', [file('intro.mp4', 5 * 1024 * 1024)]],
    ['fotos/', [file('fotos/praia.jpg')]],
  ]);
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === `${base}/usage`)
      return { body: { used_bytes: 3 * 1024 * 1024, quota_bytes: 5 * 1024 * 1024 * 1024 } };
    if (call.path === `${base}/files`) {
      if (options.failList) return { status: 500, body: { message: 'x', code: 'INTERNAL' } };
      const prefix = call.query.get('prefix') ?? '';
      return {
        body: {
          files: files.get(prefix) ?? [],
          folders: prefix === '' ? [{ name: 'fotos', path: 'fotos/' }] : [],
          truncated: false,
        },
      };
    }
    if (call.path === base && call.method === 'POST') {
      const body = call.body as { file_path: string };
      return {
        body: {
          presigned_url: `/api/v1/storage/put/${body.file_path}`,
          method: 'PUT',
          headers: { 'Content-Type': 'image/png' },
          expires_at: '2026-11-20T12:10:00.000Z',
          max_size: 15 * 1024 * 1024,
          file_path: body.file_path,
        },
      };
    }
    if (call.path === base && call.method === 'DELETE') {
      const path = call.query.get('file_path')!;
      if (path === 'fotos/praia.jpg')
        return {
          status: 409,
          body: {
            code: 'FILE_IN_USE',
            message:
              'Este arquivo foi enviado em uma mensagem do chat. Ele continua disponível para quem recebeu a mensagem e não pode ser removido.',
          },
        };
      for (const [k, list] of files)
        files.set(
          k,
          list.filter((f) => f.path !== path),
        );
      return { body: { message: 'Arquivo removido.' } };
    }
    if (call.path === `${base}/folder`) {
      const path = (call.body as { path: string }).path;
      return { status: 201, body: { name: path.split('/').at(-2), path } };
    }
    if (call.path === base && call.method === 'GET')
      return { body: { url: '/signed/x', expires_at: '2026-11-20T12:05:00.000Z' } };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('file names', () => {
  it('keeps names close to the original and refuses what the server refuses', () => {
    expect(storableName('Férias #1.JPG', 'jpg')).toBe('Férias -1.jpg');
    expect(storableName('.oculto.png', 'png')).toBe('oculto.png');
    expect(storableName('###.png', 'png')).toBe('---.png');
    expect(isValidFolderName('Ensaio 2026')).toBe(true);
    expect(isValidFolderName('a/b')).toBe(false);
    expect(isValidFolderName('..')).toBe(false);
    expect(crumbsOf('a/b/')).toEqual([
      { name: 'a', path: 'a/' },
      { name: 'b', path: 'a/b/' },
    ]);
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
  });
});

describe('Arquivos', () => {
  it(
    'lists a folder, opens a subfolder through the breadcrumbs and back',
    { timeout: 20_000 },
    async () => {
      signIn();
      store();
      renderRoutes(routes, '/files');
      expect(await screen.findByRole('heading', { name: 'Arquivos', level: 1 })).toBeVisible();
      expect(await screen.findByText('intro.mp4')).toBeVisible();
      // the space used against the workspace's quota
      const storage = screen.getByRole('region', { name: 'Espaço usado' });
      expect(await within(storage).findByText('3 MB de 5 GB usados')).toBeVisible();
      await userEvent.click(
        within(screen.getByRole('list', { name: 'Arquivos' })).getByRole('link', { name: 'fotos' }),
      );
      expect(await screen.findByText('praia.jpg')).toBeVisible();
      const crumbs = screen.getByRole('navigation', { name: 'Pastas' });
      expect(within(crumbs).getByText('fotos')).toHaveAttribute('aria-current', 'page');
      await userEvent.click(within(crumbs).getByRole('link', { name: 'Arquivos' }));
      expect(await screen.findByText('intro.mp4')).toBeVisible();
    },
  );

  it(
    'uploads several dropped files into the current folder with progress; refuses other types',
    { timeout: 20_000 },
    async () => {
      signIn();
      const { calls } = store();
      renderRoutes(routes, '/files?pasta=fotos/');
      const zone = await screen.findByTestId('files-dropzone');
      await screen.findByText('praia.jpg');
      const a = new File(['a'], 'Pôr do sol.PNG', { type: 'image/png' });
      const b = new File(['bb'], 'b.png', { type: 'image/png' });
      const c = new File(['c'], 'notas.txt', { type: 'text/plain' });
      fireEvent.drop(zone, { dataTransfer: { files: [a, b, c], types: ['Files'] } });
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
      const posts = calls.filter((c) => c.method === 'POST' && c.path === base);
      expect(posts.map((c) => c.body)).toEqual([
        { extension_type: 'png', file_path: 'fotos/Pôr do sol.png', size: 1 },
        { extension_type: 'png', file_path: 'fotos/b.png', size: 2 },
      ]);
      expect(screen.getByText(/Tipo de arquivo não suportado/)).toBeVisible();
      const [first, second] = FakeXhr.instances;
      expect(first!.method).toBe('PUT');
      expect(first!.headers['Content-Type']).toBe('image/png');
      act(() => first!.upload.onprogress?.({ loaded: 1, total: 2, lengthComputable: true }));
      expect(
        screen.getByRole('progressbar', { name: 'Progresso do envio de Pôr do sol.png' }),
      ).toHaveAttribute('aria-valuenow', '50');
      act(() => {
        for (const x of [first!, second!]) {
          x.status = 200;
          x.onload?.();
        }
      });
      expect(await screen.findByText('2 arquivos enviados.')).toBeVisible();
      expect(screen.getAllByText('Enviado')).toHaveLength(2);
    },
  );

  it('deletes a file after confirming', { timeout: 20_000 }, async () => {
    signIn();
    const { calls } = store();
    renderRoutes(routes, '/files');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ações do arquivo intro.mp4' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('O arquivo “intro.mp4” será excluído para sempre.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir arquivo' }));
    expect(await screen.findByText('Arquivo excluído.')).toBeVisible();
    expect(calls.find((c) => c.method === 'DELETE')?.query.get('file_path')).toBe('intro.mp4');
    await waitFor(() => expect(screen.queryByText('intro.mp4')).toBeNull());
    expect(screen.getByText('1 pasta · 0 arquivos')).toBeVisible();
  });

  it(
    'explains in the dialog why a file in use is kept (409 FILE_IN_USE)',
    { timeout: 20_000 },
    async () => {
      signIn();
      store();
      renderRoutes(routes, '/files?pasta=fotos/');
      await userEvent.click(
        await screen.findByRole('button', { name: 'Ações do arquivo praia.jpg' }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir arquivo' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Este arquivo está em uso e não foi excluído.');
      expect(alert).toHaveTextContent(
        'Este arquivo foi enviado em uma mensagem do chat. Ele continua disponível para quem recebeu a mensagem e não pode ser removido.',
      );
      expect(screen.queryByText('Arquivo excluído.')).toBeNull();
      // the file stays listed; closing the dialog forgets the refusal
      expect(screen.getAllByText('praia.jpg').length).toBeGreaterThan(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    },
  );

  it('previews an image from its signed URL', async () => {
    signIn();
    store();
    renderRoutes(routes, '/files?pasta=fotos/');
    await userEvent.click(await screen.findByRole('button', { name: /^praia\.jpg/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'praia.jpg' })).toHaveAttribute(
      'src',
      '/signed/x',
    );
    expect(within(dialog).getByRole('link', { name: 'Baixar' })).toHaveAttribute(
      'download',
      'praia.jpg',
    );
  });

  it('members read without upload, folder or delete actions', async () => {
    signIn(false);
    store();
    renderRoutes(routes, '/files');
    await screen.findByText('intro.mp4');
    expect(screen.queryByRole('button', { name: 'Enviar arquivos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nova pasta' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ações do arquivo intro.mp4' }));
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Baixar' })).toBeVisible();
  });

  it('shows the error state with a retry', async () => {
    signIn();
    store({ failList: true });
    renderRoutes(routes, '/files');
    expect(await screen.findByText('Não foi possível carregar os arquivos.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });

  it('creates a folder inside the current one and opens it', { timeout: 20_000 }, async () => {
    signIn();
    const { calls } = store();
    const { router } = renderRoutes(routes, '/files?pasta=fotos/');
    await screen.findByText('praia.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Nova pasta' }));
    // the dialog's code loads when it opens
    await userEvent.type(await screen.findByLabelText('Nome da pasta'), 'a/b');
    await userEvent.click(screen.getByRole('button', { name: 'Criar pasta' }));
    expect(await screen.findByText(/sem "\/"/)).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/folder'))).toBe(false);
    await userEvent.clear(screen.getByLabelText('Nome da pasta'));
    await userEvent.type(screen.getByLabelText('Nome da pasta'), 'Ensaio');
    await userEvent.click(screen.getByRole('button', { name: 'Criar pasta' }));
    await waitFor(() => expect(router.location.search).toBe('?pasta=fotos%2FEnsaio%2F'));
    expect(calls.find((c) => c.path.endsWith('/folder'))?.body).toEqual({ path: 'fotos/Ensaio/' });
  });
});
