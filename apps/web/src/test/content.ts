/**
 * Test data for the content, profile and feed tests: posts, profiles and a signed-in session in
 * storage.
 */
import type { ContentAttachment, ContentItem, Profile } from '@fa-clube/contract';
import type { StoredWorkspace } from '@/lib/session';
import { metadataFixture } from './fetch';
import { storeSession } from './session';

export const WS_ID = '0a0a0a0a-0000-4000-8000-000000000001';
export const CREATOR_WS_ID = '0a0a0a0a-0000-4000-8000-000000000002';

let seq = 0;
const uuid = (n: number) => `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A post of the creator 'bia' (an image unless `attachments` says otherwise). */
export function makePost(overrides: Partial<ContentItem> = {}): ContentItem {
  seq += 1;
  const expires = new Date(Date.now() + 15 * 60_000).toISOString();
  return {
    id: uuid(seq),
    description: `Post número ${seq}`,
    attachments: [
      {
        file_path: `media/${seq}/960w.webp`,
        label: `foto-${seq}.jpg`,
        kind: 'image',
        content_type: 'image/webp',
        url: `http://localhost/storage/object?k=${seq}`,
        image_url: `http://localhost/storage/object?k=${seq}`,
        expires_at: expires,
        width: 960,
        height: 1280,
        variants: [
          {
            file_path: `media/${seq}/480w.webp`,
            width: 480,
            url: `http://localhost/storage/object?k=${seq}&w=480`,
          },
          {
            file_path: `media/${seq}/960w.webp`,
            width: 960,
            url: `http://localhost/storage/object?k=${seq}`,
          },
        ],
        status: 'ready',
      },
    ],
    likes: 0,
    liked: false,
    full_name: 'Bia Rocha',
    username: 'bia',
    avatar_url: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    is_owner: false,
    price: null,
    locked: false,
    purchased: false,
    workspace_id: CREATOR_WS_ID,
    ...overrides,
  };
}

/** A video attachment with a poster. */
export function videoAttachment(n: number): ContentAttachment {
  return {
    file_path: `uploads/${n}.mp4`,
    label: `clipe-${n}.mp4`,
    kind: 'video',
    content_type: 'video/mp4',
    url: `http://localhost/storage/object?v=${n}`,
    video_url: `http://localhost/storage/object?v=${n}`,
    poster_url: `http://localhost/storage/object?p=${n}`,
    poster_path: `uploads/${n}-poster.jpg`,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    status: 'ready',
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: CREATOR_WS_ID,
    avatar_url: null,
    cover_url: null,
    label: 'Bia Rocha',
    description: 'Fotógrafa e criadora de conteúdo.',
    username: 'bia',
    total_content: 0,
    full_name: 'Beatriz Rocha',
    is_owner: false,
    is_member: false,
    is_subscribed: false,
    ...overrides,
  };
}

/** `{ contents, page, size, total }` */
export function contentsPage(contents: ContentItem[], page: number, size: number, total: number) {
  return { contents, page, size, total };
}

/** Stores a session whose current workspace is `workspace` (the user's own by default). */
export function signIn(workspace: Partial<StoredWorkspace> = {}) {
  storeSession({
    id: WS_ID,
    label: metadataFixture.label,
    username: metadataFixture.username,
    description: null,
    avatar_url: null,
    cover_url: null,
    is_owner: true,
    ...workspace,
  });
}

/** A controllable IntersectionObserver: `intersectAll()` says every observed element shows. */
export class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  private targets = new Set<Element>();
  constructor(private callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords() {
    return [];
  }
  static intersectAll() {
    for (const io of [...FakeIntersectionObserver.instances]) {
      const entries = [...io.targets].map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length) io.callback(entries, io as unknown as IntersectionObserver);
    }
  }
}
