import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { centsToMajor } from '@fa-clube/contract';
import type { AttachmentInput } from '@fa-clube/contract';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/content';
import { errorMessage } from '@/lib/api-client';
import { UploadError, uploadFile } from '@/lib/upload';
import { createContent, requestObjectUpload } from '../api/content-api';
import { extensionFor } from '../lib/composer-rules';
import type { ComposerContentType } from '../lib/composer-rules';
import { reloadPageData } from '../lib/reload';
import { scheduledAt } from '../lib/schedule';

export interface PostAttachment {
  file: File;
  type: ComposerContentType;
  /** Videos: the captured frame to show before it plays (null when it could not be captured). */
  poster?: Promise<Blob | null>;
}

/** Uploads one file to the workspace store: presigned URL, then PUT with its content type. */
async function upload(
  ws: string,
  blob: Blob,
  type: ComposerContentType,
  onProgress: (loaded: number) => void,
): Promise<string> {
  const target = await requestObjectUpload(ws, extensionFor(type), blob.size);
  await uploadFile({
    url: target.presigned_url,
    file: blob,
    headers: target.headers,
    onProgress: (p) => onProgress(p.loaded),
  });
  return target.file_path;
}

/**
 * Publishing (spec section 5): the attachment (and a video's poster) is uploaded first with
 * progress, then POST /content/{ws}; on success the toast 'Sua publicação foi postada com
 * sucesso.' and the page reloads its data; on failure a toast 'Erro' with the server's message,
 * and the error for the form's fields.
 */
export function useCreatePost(ws: string | null) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const send = useCallback(
    async (
      text: string,
      attachment: PostAttachment | null,
      /** Pay-per-view price in centavos ('Definir preço'); null for a free post. */
      priceCents: number | null = null,
      /** 'Agendar': when it is published (ISO 8601 with offset); null publishes it now. */
      publishAt: string | null = null,
    ): Promise<{ ok: true } | { ok: false; error?: unknown }> => {
      if (!ws || sending) return { ok: false };
      setSending(true);
      try {
        const attachments: AttachmentInput[] = [];
        if (attachment) {
          const poster = attachment.poster ? await attachment.poster : null;
          const total = attachment.file.size + (poster?.size ?? 0);
          let done = 0;
          const report = (loaded: number) =>
            setProgress(total > 0 ? Math.min(100, Math.round(((done + loaded) / total) * 100)) : 0);
          setProgress(0);
          const filePath = await upload(ws, attachment.file, attachment.type, report);
          done += attachment.file.size;
          const posterPath = poster ? await upload(ws, poster, 'image/jpeg', report) : undefined;
          attachments.push({
            file_path: filePath,
            label: attachment.file.name.slice(0, 200),
            ...(posterPath ? { poster_path: posterPath } : {}),
          });
        }
        await createContent(ws, {
          text,
          attachments,
          ...(priceCents !== null ? { price: centsToMajor(priceCents) } : {}),
          ...(publishAt !== null ? { publish_at: publishAt } : {}),
        });
        toast.success(
          publishAt
            ? t.content.schedule.success(scheduledAt(publishAt))
            : t.content.composer.success,
        );
        await reloadPageData(queryClient);
        return { ok: true };
      } catch (error) {
        toast.error(error instanceof UploadError ? error.message : errorMessage(error));
        return { ok: false, error };
      } finally {
        setSending(false);
        setProgress(null);
      }
    },
    [ws, sending, queryClient],
  );

  return { send, sending, progress };
}
