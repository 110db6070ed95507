import { t } from '@/i18n/pt-BR';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100, rounded. */
  percent: number;
}

export interface UploadOptions {
  /** The `presigned_url` answered by the API. */
  url: string;
  file: Blob;
  /** Sent as Content-Type; must be the type declared when the URL was requested. */
  contentType?: string;
  /**
   * The `headers` answered with the URL (Content-Type, and If-None-Match on S3: the URL only
   * creates its object). Sent as they are; `contentType` wins for Content-Type.
   */
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * PUTs a file to a pre-signed URL with upload progress (fetch cannot report upload progress,
 * XMLHttpRequest can). Resolves when the storage answers 2xx; rejects with UploadError, or
 * with an AbortError DOMException when `signal` aborts.
 *
 *   const { presigned_url, file_path } = await api.post(apiPath(paths.objects, { ws }), {...});
 *   await uploadFile({ url: presigned_url, file, onProgress: (p) => setPercent(p.percent) });
 */
export function uploadFile({
  url,
  file,
  contentType,
  headers = {},
  onProgress,
  signal,
}: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      // the browser sets Content-Length (and Host) itself
      if (!/^(content-type|content-length|host)$/i.test(name)) xhr.setRequestHeader(name, value);
    }
    const type = contentType ?? headers['Content-Type'] ?? file.type;
    if (type) xhr.setRequestHeader('Content-Type', type);

    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : file.size;
      const percent = total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0;
      onProgress({ loaded: event.loaded, total, percent });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        resolve();
      } else {
        reject(new UploadError(t.upload.failed, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(t.upload.failed, 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
