import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, apiPath, paths } from '@fa-clube/contract';
import type { CompleteUploadResponse, ImageContentType } from '@fa-clube/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';

export type UploadPhase = 'idle' | 'uploading' | 'processing';

type ImageFile = File & { type: ImageContentType };

interface UploadTarget {
  presigned_url: string;
  headers: Record<string, string>;
  upload_id: string;
}

type CompletedUpload = CompleteUploadResponse;

export interface ImageUploadSteps {
  /** The toasts for a file refused here, before anything is sent. */
  refused: { type: string; tooLarge: string };
  /** Asks the API for the pre-signed PUT. */
  request: (file: ImageFile) => Promise<UploadTarget>;
  /** The processed image is in place; the caller decides when the preview goes. */
  onDone: (result: CompletedUpload, dropPreview: () => void) => void;
  onError: (error: unknown) => void;
}

function isAcceptedImage(file: File): file is ImageFile {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type);
}

/**
 * One image upload with a local preview (avatar, cover): checks the file here (images only,
 * 15 MB), shows the preview at once, asks for a pre-signed PUT, sends the bytes with progress
 * and completes the upload. The preview is revoked on failure, on unmount, or when the caller
 * drops it (once the processed image has loaded, so the picture never flashes back).
 */
export function useImagePreviewUpload(steps: ImageUploadSteps) {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  const dropPreview = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
    setPreview(null);
  }, []);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const start = async (file: File) => {
    if (phase !== 'idle') return;
    if (!isAcceptedImage(file) || file.size === 0) {
      toast.error(steps.refused.type);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(steps.refused.tooLarge);
      return;
    }
    dropPreview();
    const local = URL.createObjectURL(file);
    previewRef.current = local;
    setPreview(local);
    setPercent(0);
    setPhase('uploading');
    try {
      const upload = await steps.request(file);
      await uploadFile({
        url: upload.presigned_url,
        headers: upload.headers,
        file,
        onProgress: (p) => setPercent(p.percent),
      });
      setPhase('processing');
      const done = await api.post(
        apiPath(paths.uploadComplete, { uploadId: upload.upload_id }),
        undefined,
        {
          schema: 'CompleteUploadResponse',
        },
      );
      setPhase('idle');
      steps.onDone(done, () => {
        if (previewRef.current === local) dropPreview();
      });
    } catch (error) {
      dropPreview();
      setPhase('idle');
      setPercent(0);
      steps.onError(error);
    }
  };

  return { start, phase, percent, preview, busy: phase !== 'idle', dropPreview };
}
