import { describe, expect, it, vi } from 'vitest';
import { UploadError, uploadFile } from './upload';
import { FakeXhr } from '@/test/xhr';

describe('uploadFile', () => {
  it('PUTs the file with its Content-Type and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new Blob(['x'.repeat(200)], { type: 'image/png' });
    const progress: number[] = [];
    const done = uploadFile({
      url: 'https://storage.example/put?sig=1',
      file,
      onProgress: (p) => progress.push(p.percent),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://storage.example/put?sig=1');
    expect(xhr.headers['Content-Type']).toBe('image/png');
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 150, total: 200, lengthComputable: true });
    xhr.status = 200;
    xhr.onload?.();
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([25, 75, 100]);
  });

  it("sends the URL's headers (If-None-Match on S3) but leaves Content-Length to the browser", () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void uploadFile({
      url: 'https://bucket.example/key?X-Amz-Signature=1',
      file: new Blob(['abc'], { type: 'image/jpeg' }),
      headers: { 'Content-Type': 'image/jpeg', 'If-None-Match': '*', 'Content-Length': '3' },
    });
    const xhr = FakeXhr.last;
    expect(xhr.headers['If-None-Match']).toBe('*');
    expect(xhr.headers['Content-Type']).toBe('image/jpeg');
    expect(xhr.headers['Content-Length']).toBeUndefined();
  });

  it('rejects with UploadError when the storage refuses, and with AbortError on abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFile({ url: '/u', file: new Blob(['a']), contentType: 'video/mp4' });
    expect(FakeXhr.last.headers['Content-Type']).toBe('video/mp4');
    FakeXhr.last.status = 403;
    FakeXhr.last.onload?.();
    await expect(refused).rejects.toBeInstanceOf(UploadError);

    const controller = new AbortController();
    const aborted = uploadFile({ url: '/u', file: new Blob(['a']), signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
