import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderAt } from '@/test/render';
import { Composer } from './components/composer';
import { MediaViewer } from './components/media-viewer';
import { PostList } from './components/post-list';
import { useFeedPosts, useProfilePosts } from './hooks/use-posts';
import { WHEEL_THROTTLE_MS, wrapIndex } from './hooks/use-wheel-step';
import {
  canSendPost,
  checkComposerFile,
  clampComposerHeight,
  COMPOSER_ACCEPT,
} from './lib/composer-rules';
import { relativeTime } from './lib/time';
import { viewerItemsOf } from './lib/viewer-items';
import { WS_ID, contentsPage, makePost, signIn, videoAttachment } from '@/test/content';

vi.mock('./lib/poster', () => ({
  capturePosterFrame: vi.fn(async () => new Blob(['poster'], { type: 'image/jpeg' })),
}));

/** XMLHttpRequest that accepts every PUT at once, reporting progress. */
class InstantXhr {
  static puts: { url: string; type: string | undefined; size: number }[] = [];
  upload: {
    onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void;
  } = {};
  status = 0;
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  private url = '';
  private type: string | undefined;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    if (name === 'Content-Type') this.type = value;
  }
  send(body: Blob) {
    InstantXhr.puts.push({ url: this.url, type: this.type, size: body.size });
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: body.size / 2, total: body.size, lengthComputable: true });
      this.status = 200;
      this.onload?.();
    }, 5);
  }
  abort() {}
}

beforeEach(() => {
  InstantXhr.puts = [];
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:preview-${++n}`),
      revokeObjectURL: vi.fn(),
    }),
  );
});

const file = (name: string, type: string, size = 1024) =>
  new File([new Uint8Array(size)], name, { type });

function fileInput(): HTMLInputElement {
  return screen.getByTestId('composer-file') as HTMLInputElement;
}

function choose(f: File) {
  fireEvent.change(fileInput(), { target: { files: [f] } });
}

describe('composer rules', () => {
  it('accepts only JPEG, PNG, MP4, MOV and WebM within the size limits', () => {
    expect(COMPOSER_ACCEPT).toBe('image/jpeg,image/png,video/mp4,video/quicktime,video/webm');
    expect(checkComposerFile({ type: 'image/jpeg', size: 10 })).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(checkComposerFile({ type: 'image/png', size: 10 }).ok).toBe(true);
    expect(checkComposerFile({ type: 'video/mp4', size: 10 }).ok).toBe(true);
    expect(checkComposerFile({ type: 'video/quicktime', size: 10 }).ok).toBe(true);
    expect(checkComposerFile({ type: 'video/webm', size: 10 }).ok).toBe(true);
    for (const type of ['image/gif', 'image/webp', 'video/x-msvideo', 'application/pdf', ''])
      expect(checkComposerFile({ type, size: 10 })).toEqual({ ok: false, reason: 'type' });
    expect(checkComposerFile({ type: 'image/png', size: 16 * 1024 * 1024 })).toEqual({
      ok: false,
      reason: 'size',
      maxMb: 15,
    });
  });

  it('needs a non-blank text of at least 3 characters, or an attachment', () => {
    expect(canSendPost('', false)).toBe(false);
    expect(canSendPost('ab', false)).toBe(false);
    expect(canSendPost('    ', false)).toBe(false);
    expect(canSendPost('  ab  ', false)).toBe(false);
    expect(canSendPost('abc', false)).toBe(true);
    expect(canSendPost('', true)).toBe(true);
    expect(canSendPost('x'.repeat(5001), true)).toBe(false);
  });

  it('clamps the text area between 48 and 164 px', () => {
    expect(clampComposerHeight(0)).toBe(48);
    expect(clampComposerHeight(30)).toBe(48);
    expect(clampComposerHeight(100.2)).toBe(101);
    expect(clampComposerHeight(164)).toBe(164);
    expect(clampComposerHeight(900)).toBe(164);
  });
});

describe('Composer', () => {
  afterEach(() => {
    Reflect.deleteProperty(HTMLTextAreaElement.prototype, 'scrollHeight');
  });

  it('grows the text area with its text from 48 up to 164 px, then scrolls', async () => {
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return 24 + this.value.split('\n').length * 24;
      },
    });
    signIn();
    mockFetch(() => ({ body: {} }));
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    const text = screen.getByRole('textbox', { name: 'Nova publicação' });
    expect(text.style.height).toBe('48px');
    fireEvent.change(text, { target: { value: 'a\nb\nc' } });
    expect(text.style.height).toBe('96px');
    expect(text.style.overflowY).toBe('hidden');
    fireEvent.change(text, { target: { value: Array.from({ length: 12 }, () => 'x').join('\n') } });
    expect(text.style.height).toBe('164px');
    expect(text.style.overflowY).toBe('auto');
  });

  it('enables Publicar with 3 characters or an attachment', async () => {
    signIn();
    mockFetch(() => ({ body: {} }));
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    const send = screen.getByRole('button', { name: 'Publicar' });
    const text = screen.getByRole('textbox', { name: 'Nova publicação' });
    expect(send).toBeDisabled();
    fireEvent.change(text, { target: { value: 'oi' } });
    expect(send).toBeDisabled();
    fireEvent.change(text, { target: { value: '     ' } });
    expect(send).toBeDisabled();
    fireEvent.change(text, { target: { value: 'oi!' } });
    expect(send).toBeEnabled();
    fireEvent.change(text, { target: { value: '' } });
    choose(file('foto.png', 'image/png'));
    expect(send).toBeEnabled();
  });

  it('keeps the typed text until it is published: offline, after leaving, after a failure', async () => {
    signIn();
    let online = false;
    mockFetch((call) => {
      if (call.path !== `/api/v1/content/${WS_ID}`) return { body: {} };
      if (!online) throw new TypeError('Failed to fetch');
      return { status: 201, body: makePost({ is_owner: true }) };
    });
    const first = renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nova publicação' }), {
      target: { value: 'Texto que não pode sumir' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(
      await screen.findByText('Não foi possível conectar ao servidor. Verifique sua conexão.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nova publicação' })).toHaveValue(
      'Texto que não pode sumir',
    );
    // the composer goes away (another page, the page's error screen) and comes back
    first.unmount();
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    const text = screen.getByRole('textbox', { name: 'Nova publicação' });
    expect(text).toHaveValue('Texto que não pode sumir');

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Sua publicação foi postada com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(text).toHaveValue(''));
    cleanup();
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    expect(screen.getByRole('textbox', { name: 'Nova publicação' })).toHaveValue('');
  });

  it('keeps one attachment: another replaces it, an unsupported one is refused, remove clears it', async () => {
    signIn();
    mockFetch(() => ({ body: {} }));
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    expect(fileInput()).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,video/mp4,video/quicktime,video/webm',
    );

    choose(file('primeira.png', 'image/png'));
    expect(screen.getByRole('img', { name: 'Pré-visualização da imagem anexada' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByText('primeira.png')).toBeInTheDocument();

    choose(file('segunda.jpg', 'image/jpeg'));
    expect(screen.getAllByRole('img', { name: 'Pré-visualização da imagem anexada' })).toHaveLength(
      1,
    );
    expect(screen.queryByText('primeira.png')).not.toBeInTheDocument();
    expect(screen.getByText('segunda.jpg')).toBeInTheDocument();

    choose(file('animacao.gif', 'image/gif'));
    expect(await screen.findByText(/Tipo de arquivo não suportado/)).toBeInTheDocument();
    expect(screen.getByText('segunda.jpg')).toBeInTheDocument();

    choose(file('clipe.mp4', 'video/mp4'));
    expect(screen.getByLabelText('Pré-visualização do vídeo anexado')).toBeInTheDocument();
    expect(screen.queryByText('segunda.jpg')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(screen.queryByLabelText('Pré-visualização do vídeo anexado')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeDisabled();
  });

  it('uploads a video and its poster with progress, posts, toasts and reloads the data', async () => {
    signIn();
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    let uploads = 0;
    const { calls } = mockFetch((call: Call) => {
      if (call.path === `/api/v1/workspaces/objects/${WS_ID}`) {
        uploads += 1;
        const ext = (call.body as { extension_type: string }).extension_type;
        return {
          delay: 20,
          body: {
            presigned_url: `http://localhost/storage/put/${uploads}`,
            method: 'PUT',
            headers: { 'Content-Type': ext === 'mp4' ? 'video/mp4' : 'image/jpeg' },
            expires_at: new Date(Date.now() + 60_000).toISOString(),
            max_size: 1_000_000,
            file_path: `uploads/${uploads}.${ext}`,
          },
        };
      }
      if (call.path === `/api/v1/content/${WS_ID}`)
        return { status: 201, body: makePost({ is_owner: true }) };
      return { body: {} };
    });
    const { queryClient } = renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    fireEvent.change(screen.getByRole('textbox', { name: 'Nova publicação' }), {
      target: { value: 'Vídeo novo' },
    });
    choose(file('clipe.mp4', 'video/mp4', 4000));
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));

    expect(
      await screen.findByRole('progressbar', { name: 'Progresso do envio do anexo' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Publicando/ })).toBeDisabled();
    expect(await screen.findByText('Sua publicação foi postada com sucesso.')).toBeInTheDocument();

    const objectCalls = calls.filter((c) => c.path.startsWith('/api/v1/workspaces/objects/'));
    expect(objectCalls.map((c) => c.body)).toEqual([
      { extension_type: 'mp4', size: 4000 },
      { extension_type: 'jpg', size: 6 },
    ]);
    expect(InstantXhr.puts).toEqual([
      { url: 'http://localhost/storage/put/1', type: 'video/mp4', size: 4000 },
      { url: 'http://localhost/storage/put/2', type: 'image/jpeg', size: 6 },
    ]);
    const post = calls.find((c) => c.method === 'POST' && c.path === `/api/v1/content/${WS_ID}`);
    expect(post?.body).toEqual({
      text: 'Vídeo novo',
      attachments: [
        { file_path: 'uploads/1.mp4', label: 'clipe.mp4', poster_path: 'uploads/2.jpg' },
      ],
    });
    expect(invalidate).toHaveBeenCalledWith();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nova publicação' })).toHaveValue(''),
    );
    expect(screen.queryByLabelText('Pré-visualização do vídeo anexado')).not.toBeInTheDocument();
  });

  it("shows the server's message in an 'Erro' toast and keeps the draft", async () => {
    signIn();
    mockFetch((call) =>
      call.path === `/api/v1/content/${WS_ID}`
        ? {
            status: 403,
            body: { message: 'Apenas o proprietário pode publicar.', code: 'FORBIDDEN' },
          }
        : { body: {} },
    );
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    const text = screen.getByRole('textbox', { name: 'Nova publicação' });
    fireEvent.change(text, { target: { value: 'Olá, fãs' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Apenas o proprietário pode publicar.')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(text).toHaveValue('Olá, fãs');
  });
});

describe('relative time', () => {
  const now = new Date('2026-05-12T15:00:00-03:00').getTime();
  it('speaks Brazilian Portuguese', () => {
    expect(relativeTime(new Date(now - 5 * 60_000), now)).toBe('há 5 minutos');
    expect(relativeTime(new Date(now - 2 * 3_600_000), now)).toBe('há cerca de 2 horas');
    expect(relativeTime(new Date(now - 3 * 86_400_000), now)).toBe('há 3 dias');
    expect(relativeTime(new Date(now - 10_000), now)).toBe('agora mesmo');
    expect(relativeTime(new Date(now + 5_000).toISOString(), now)).toBe('agora mesmo');
  });

  it('shows on every post', async () => {
    signIn();
    mockFetch(() => ({
      body: contentsPage(
        [makePost({ created_at: new Date(Date.now() - 5 * 60_000).toISOString() })],
        1,
        25,
        1,
      ),
    }));
    renderAt(<Feed />);
    expect(await screen.findByText('há 5 minutos')).toBeInTheDocument();
  });
});

function Feed() {
  const query = useFeedPosts(WS_ID);
  return <PostList query={query} ws={WS_ID} syncLikesFromServer empty="vazio" end="fim" />;
}

function ProfilePosts() {
  const query = useProfilePosts(WS_ID, 'bia', true);
  return <PostList query={query} ws={WS_ID} empty="vazio" />;
}

describe('likes', () => {
  function api(post: ContentItem, like: { status?: number; body: unknown }) {
    return mockFetch((call: Call) => {
      if (call.path === `/api/v1/contents/${WS_ID}/feed`)
        return { body: contentsPage([post], 1, 25, 1) };
      if (call.path === `/api/v1/contents/${WS_ID}/profile`)
        return { body: contentsPage([post], 0, 10, 1) };
      if (call.path.endsWith('/like')) return { delay: 30, ...like };
      return { body: {} };
    });
  }

  it('toggles at once on a profile and keeps the local count', async () => {
    signIn();
    const post = makePost({ likes: 4, liked: false });
    const { calls } = api(post, { body: { likes: 9, liked: true } });
    renderAt(<ProfilePosts />);
    await userEvent.click(await screen.findByRole('button', { name: /^Curtir/ }));
    const pressed = screen.getByRole('button', { name: /^Descurtir/ });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('like-count')).toHaveTextContent('5');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/like'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/like'))?.path).toBe(
      `/api/v1/content/${WS_ID}/${post.id}/like`,
    );
    await new Promise((r) => setTimeout(r, 60));
    expect(screen.getByTestId('like-count')).toHaveTextContent('5');

    await userEvent.click(pressed);
    expect(screen.getByRole('button', { name: /^Curtir/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
  });

  it('takes the count from the server in the feed', async () => {
    signIn();
    api(makePost({ likes: 4, liked: false }), { body: { likes: 9, liked: true } });
    renderAt(<Feed />);
    await userEvent.click(await screen.findByRole('button', { name: /^Curtir/ }));
    expect(screen.getByTestId('like-count')).toHaveTextContent('5');
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('9'));
  });

  it('puts the like back and shows an Erro toast when it fails', async () => {
    signIn();
    api(makePost({ likes: 4, liked: false }), {
      status: 403,
      body: {
        message: 'Assine este perfil para ver as publicações.',
        code: 'SUBSCRIPTION_REQUIRED',
      },
    });
    renderAt(<Feed />);
    await userEvent.click(await screen.findByRole('button', { name: /^Curtir/ }));
    expect(screen.getByTestId('like-count')).toHaveTextContent('5');
    expect(
      await screen.findByText('Assine este perfil para ver as publicações.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: /^Curtir/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

describe('owner menu', () => {
  it("shows 'Excluir' only on the owner's posts; deleting confirms, deletes and reloads", async () => {
    signIn();
    const mine = makePost({ is_owner: true, description: 'Meu post', workspace_id: WS_ID });
    const theirs = makePost({ is_owner: false, description: 'Post de outra pessoa' });
    let feedLoads = 0;
    const { calls } = mockFetch((call: Call) => {
      if (call.path === `/api/v1/contents/${WS_ID}/feed`) {
        feedLoads += 1;
        return { body: contentsPage(feedLoads === 1 ? [mine, theirs] : [theirs], 1, 25, 2) };
      }
      if (call.method === 'DELETE') return { body: { message: 'Publicação excluída.' } };
      return { body: {} };
    });
    renderAt(<Feed />);
    const posts = await screen.findAllByTestId('post');
    expect(
      within(posts[0]!).getByRole('button', { name: 'Opções da publicação' }),
    ).toBeInTheDocument();
    expect(within(posts[1]!).queryByRole('button', { name: 'Opções da publicação' })).toBeNull();

    await userEvent.click(within(posts[0]!).getByRole('button', { name: 'Opções da publicação' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir publicação?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Publicação excluída.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(
      `/api/v1/content/${WS_ID}/${mine.id}`,
    );
    await waitFor(() => expect(screen.queryByText('Meu post')).not.toBeInTheDocument());
    expect(feedLoads).toBe(2);
  });
});

describe('videos processed by the server', () => {
  it("shows the owner 'Processando vídeo… N %', a failure's reason and 'Tentar de novo', which asks again and reloads", async () => {
    signIn();
    const processing = makePost({
      is_owner: true,
      description: 'Vídeo subindo',
      workspace_id: WS_ID,
      attachments: [{ ...videoAttachment(1), status: 'processing', progress: 40 }],
    });
    const failed = makePost({
      is_owner: true,
      description: 'Vídeo com problema',
      workspace_id: WS_ID,
      attachments: [
        { ...videoAttachment(2), status: 'failed', reason: 'Não conseguimos ler este vídeo.' },
      ],
    });
    let feedLoads = 0;
    const { calls } = mockFetch((call: Call) => {
      if (call.path === `/api/v1/contents/${WS_ID}/feed`) {
        feedLoads += 1;
        return { body: contentsPage([processing, failed], 1, 25, 2) };
      }
      if (call.path.endsWith('/retry-media')) return { body: failed };
      return { body: {} };
    });
    renderAt(<Feed />);
    const [first, second] = await screen.findAllByTestId('post');
    expect(within(first!).getByText('Processando vídeo… 40 %')).toBeInTheDocument();
    expect(
      within(first!).getByRole('progressbar', { name: 'Progresso do processamento do vídeo' }),
    ).toBeInTheDocument();
    expect(within(first!).queryByLabelText(/^Vídeo publicado por/)).toBeNull();

    expect(within(second!).getByRole('alert')).toHaveTextContent('Não conseguimos ler este vídeo.');
    await userEvent.click(within(second!).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('O vídeo voltou para a fila de processamento.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(
      `/api/v1/content/${WS_ID}/${failed.id}/retry-media`,
    );
    await waitFor(() => expect(feedLoads).toBeGreaterThanOrEqual(2));
  });

  it('keeps a video that is not ready out of the viewer and the Mídias grid', () => {
    const ready = makePost({ attachments: [videoAttachment(1)] });
    const busy = makePost({
      attachments: [{ ...videoAttachment(2), status: 'processing', progress: 0 }],
    });
    expect(viewerItemsOf([busy, ready]).map((i) => i.post.id)).toEqual([ready.id]);
  });
});

describe('infinite scroll', () => {
  it('loads the feed 25 posts at a time from page 1 and ends with a message', async () => {
    signIn();
    const all = Array.from({ length: 30 }, () => makePost({ attachments: [] }));
    const { calls } = mockFetch((call: Call) => {
      const page = Number(call.query.get('page'));
      const size = Number(call.query.get('size'));
      return {
        body: contentsPage(all.slice((page - 1) * size, page * size), page, size, all.length),
      };
    });
    renderAt(<Feed />);
    expect(await screen.findAllByTestId('post')).toHaveLength(25);
    expect(calls[0]?.query.get('page')).toBe('1');
    expect(calls[0]?.query.get('size')).toBe('25');
    expect(screen.queryByTestId('list-end')).not.toBeInTheDocument();
    // no IntersectionObserver in jsdom: the fallback button loads the next page
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByTestId('post')).toHaveLength(30));
    expect(calls[1]?.query.get('page')).toBe('2');
    expect(screen.getByTestId('list-end')).toHaveTextContent('fim');
  });
});

// ---- the viewer --------------------------------------------------------------------------------

function Viewer({ posts, start = 0 }: { posts: ContentItem[]; start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <MediaViewer
      items={viewerItemsOf(posts)}
      index={index}
      onIndexChange={setIndex}
      onClose={() => setIndex(null)}
      onLike={() => {}}
    />
  );
}

const counter = () => screen.getByTestId('viewer-counter');

describe('MediaViewer', () => {
  const posts = [makePost(), makePost({ attachments: [videoAttachment(2)] }), makePost()];

  it('wraps around at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
  });

  it('steps one item per wheel gesture, at most once a second, wrapping', async () => {
    signIn();
    mockFetch(() => ({ body: {} }));
    renderAt(<Viewer posts={posts} start={2} />);
    const viewer = await screen.findByTestId('media-viewer');
    expect(counter()).toHaveTextContent('3/3');
    vi.useFakeTimers({ toFake: ['Date'] });

    fireEvent.wheel(viewer, { deltaY: 120 });
    expect(counter()).toHaveTextContent('1/3'); // past the end
    fireEvent.wheel(viewer, { deltaY: 120 });
    fireEvent.wheel(viewer, { deltaY: 60 });
    expect(counter()).toHaveTextContent('1/3'); // same second: ignored

    act(() => vi.advanceTimersByTime(WHEEL_THROTTLE_MS - 1));
    fireEvent.wheel(viewer, { deltaY: 120 });
    expect(counter()).toHaveTextContent('1/3');

    act(() => vi.advanceTimersByTime(1));
    fireEvent.wheel(viewer, { deltaY: -120 });
    expect(counter()).toHaveTextContent('3/3'); // past the start

    act(() => vi.advanceTimersByTime(WHEEL_THROTTLE_MS));
    fireEvent.wheel(viewer, { deltaY: -120 });
    expect(counter()).toHaveTextContent('2/3');
    expect(within(viewer).getByLabelText('Vídeo publicado por Bia Rocha')).toHaveAttribute(
      'controls',
    );
  });

  it('moves with ← and →, wrapping, and closes with Escape', async () => {
    signIn();
    mockFetch(() => ({ body: {} }));
    renderAt(<Viewer posts={posts} />);
    await screen.findByTestId('media-viewer');
    expect(counter()).toHaveTextContent('1/3');
    await userEvent.keyboard('{ArrowLeft}');
    expect(counter()).toHaveTextContent('3/3');
    await userEvent.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('1/3');
    await userEvent.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('2/3');
    await userEvent.click(screen.getByRole('button', { name: 'Próxima mídia' }));
    expect(counter()).toHaveTextContent('3/3');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('media-viewer')).not.toBeInTheDocument());
  });

  it('steps with a horizontal swipe on touch screens', async () => {
    signIn();
    mockFetch(() => ({ body: {} }));
    renderAt(<Viewer posts={posts} />);
    const viewer = await screen.findByTestId('media-viewer');
    const swipe = (from: number, to: number, y = 300) => {
      const start = [{ clientX: from, clientY: y }];
      const end = [{ clientX: to, clientY: y + 10 }];
      fireEvent.touchStart(viewer, { touches: start, changedTouches: start });
      fireEvent.touchEnd(viewer, { touches: end, changedTouches: end });
    };
    swipe(300, 100); // to the left: next
    expect(counter()).toHaveTextContent('2/3');
    swipe(100, 300); // to the right: previous
    expect(counter()).toHaveTextContent('1/3');
    swipe(100, 300); // wraps
    expect(counter()).toHaveTextContent('3/3');
    swipe(200, 180); // too short: nothing
    expect(counter()).toHaveTextContent('3/3');
  });

  it('reserves the box of an image from its size and offers its widths, in the post and the viewer', async () => {
    signIn();
    const post = makePost();
    mockFetch(() => ({ body: contentsPage([post], 1, 25, 1) }));
    renderAt(<Feed />);
    const image = await screen.findByRole('img', { name: /Bia Rocha/ });
    expect(image).toHaveAttribute('width', '960');
    expect(image).toHaveAttribute('height', '1280');
    const attachment = post.attachments[0] as ContentAttachment;
    const [small, whole] = attachment.variants!;
    expect(image).toHaveAttribute('srcset', `${small!.url} 480w, ${whole!.url} 960w`);
    expect(image).toHaveAttribute('sizes', '(min-width: 768px) 42rem, 100vw');
    expect(image).toHaveAttribute('src', attachment.url);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir mídia em tela cheia' }));
    const shown = within(await screen.findByTestId('media-viewer')).getByTestId('viewer-media');
    expect(shown).toHaveAttribute('srcset', `${small!.url} 480w, ${whole!.url} 960w`);
    expect(shown).toHaveAttribute('sizes', '100vw');
    expect(shown).toHaveAttribute('width', '960');
    expect(shown).toHaveAttribute('height', '1280');
  });

  it('opens from a post and likes the item on screen', async () => {
    signIn();
    const post = makePost({ likes: 2 });
    mockFetch((call: Call) =>
      call.path.endsWith('/like')
        ? { body: { likes: 3, liked: true } }
        : { body: contentsPage([post, makePost({ attachments: [] })], 1, 25, 2) },
    );
    renderAt(<Feed />);
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir mídia em tela cheia' }));
    const viewer = await screen.findByTestId('media-viewer');
    expect(counter()).toHaveTextContent('1/1');
    expect(within(viewer).getByRole('button', { name: 'Fechar visualizador' })).toBeInTheDocument();
    await userEvent.click(within(viewer).getByRole('button', { name: /^Curtir/ }));
    await waitFor(() =>
      expect(within(viewer).getByRole('button', { name: /^Descurtir/ })).toHaveTextContent('3'),
    );
  });
});
