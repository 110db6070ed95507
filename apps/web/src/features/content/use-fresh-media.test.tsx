import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentAttachment } from '@fa-clube/contract';
import { mockFetch } from '@/test/fetch';
import { useFreshMedia } from './hooks/use-fresh-media';
import { makePost, videoAttachment } from '@/test/content';

afterEach(() => vi.unstubAllGlobals());

describe('useFreshMedia', () => {
  it('keeps the list URLs while they are valid', () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    const a = videoAttachment(1);
    const { result } = renderHook(() => useFreshMedia(a, 'bia'));
    expect(result.current.src).toBe(a.url);
    expect(result.current.poster).toBe(a.poster_url);
    expect(calls).toHaveLength(0);
  });

  it('refreshes an expired video together with its poster', async () => {
    const { calls } = mockFetch((call) => ({
      body: { url: `/fresh/${call.query.get('file_path')}`, expires_at: null },
    }));
    const a = { ...videoAttachment(2), expires_at: new Date(Date.now() - 1000).toISOString() };
    const { result } = renderHook(() => useFreshMedia(a, 'bia'));
    await waitFor(() => expect(result.current.src).toBe('/fresh/uploads/2.mp4'));
    expect(result.current.poster).toBe('/fresh/uploads/2-poster.jpg');
    expect(calls.map((c) => c.query.get('file_path')).sort()).toEqual([
      'uploads/2-poster.jpg',
      'uploads/2.mp4',
    ]);
    expect(calls.every((c) => c.path === '/api/v1/contents/objects')).toBe(true);
  });

  it("drops an image's srcset once it has a fresh URL (the list's widths expired with it)", async () => {
    mockFetch((call) => ({
      body: { url: `/fresh/${call.query.get('file_path')}`, expires_at: null },
    }));
    const image = makePost().attachments[0] as ContentAttachment;
    const { result } = renderHook(() => useFreshMedia(image, 'bia'));
    expect(result.current.srcSet).toBe(
      image.variants!.map((v) => `${v.url} ${v.width}w`).join(', '),
    );
    result.current.onError();
    await waitFor(() => expect(result.current.src).toBe(`/fresh/${image.file_path}`));
    expect(result.current.srcSet).toBeUndefined();
  });
});
