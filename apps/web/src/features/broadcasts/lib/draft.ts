import { POST_PRICE, centsToMajor } from '@fa-clube/contract';
import type { ExtensionType } from '@fa-clube/contract';
import { uploadFile } from '@/lib/upload';
import { requestUpload } from '../api/broadcasts-api';

/** The files a message may carry, by media type (as the post composer's). */
export const EXTENSIONS: Record<string, ExtensionType> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
};
export const ACCEPT = Object.keys(EXTENSIONS).join(',');

/** A message being written: text, an optional file (or one already saved) and a price. */
export interface Draft {
  text: string;
  file: File | null;
  /** A file already saved on the server (the welcome message's), kept unless replaced. */
  savedPath: string | null;
  savedKind: 'image' | 'video' | null;
  priceCents: number | null;
}

export const emptyDraft: Draft = {
  text: '',
  file: null,
  savedPath: null,
  savedKind: null,
  priceCents: null,
};

/** The price is off, or within 1,00 to 5.000,00 with a file to sell. */
export function draftPriceOk(d: Draft) {
  if (d.priceCents === null) return true;
  return (
    (d.file !== null || d.savedPath !== null) &&
    d.priceCents >= POST_PRICE.min * 100 &&
    d.priceCents <= POST_PRICE.max * 100
  );
}

/**
 * The body fields of a draft: the new file is uploaded to the workspace first (with progress),
 * an already saved one is named again.
 */
export async function draftFields(
  ws: string,
  d: Draft,
  onProgress: (percent: number) => void,
): Promise<{ text: string; attachment: { file_path: string } | null; price: number | null }> {
  let filePath = d.savedPath;
  if (d.file) {
    const target = await requestUpload(ws, EXTENSIONS[d.file.type]!, d.file.size);
    await uploadFile({
      url: target.presigned_url,
      file: d.file,
      headers: target.headers,
      onProgress: (p) => onProgress(p.percent),
    });
    filePath = target.file_path;
  }
  return {
    text: d.text.trim(),
    attachment: filePath ? { file_path: filePath } : null,
    price: d.priceCents === null ? null : centsToMajor(d.priceCents),
  };
}
