import { useQueryClient } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { CHAT_TEXT_MAX, POST_PRICE, centsToMajor, formatCents } from '@fa-clube/contract';
import type { ExtensionType } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { uploadFile } from '@/lib/upload';
import { messagesKey, requestUpload, sendMediaMessage } from '../api/chat-api';
import { t } from '../strings';

const EXTENSIONS: Record<string, ExtensionType> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
};

/**
 * The team's 'Enviar imagem ou vídeo' in a conversation (issue 32): a file of the workspace,
 * a text and, with 'Definir preço', a price — the fan sees it locked until bought.
 */
export function PaidMessageButton({
  ws,
  chatId,
  viewer,
}: {
  ws: string;
  chatId: string;
  viewer: string | null;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [priceCents, setPriceCents] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const sending = progress !== null;
  const priceOk =
    priceCents === null ||
    (priceCents >= POST_PRICE.min * 100 && priceCents <= POST_PRICE.max * 100);
  const reset = () => {
    setFile(null);
    setText('');
    setPriceCents(null);
    setFileError(null);
  };

  const send = async () => {
    if (!file || !priceOk || sending) return;
    setProgress(0);
    try {
      const target = await requestUpload(ws, EXTENSIONS[file.type]!, file.size);
      await uploadFile({
        url: target.presigned_url,
        file,
        headers: target.headers,
        onProgress: (p) => setProgress(p.percent),
      });
      await sendMediaMessage(ws, chatId, {
        text: text.trim(),
        attachment: { file_path: target.file_path },
        price: priceCents === null ? null : centsToMajor(priceCents),
      });
      void queryClient.invalidateQueries({ queryKey: messagesKey(viewer, chatId) });
      setOpen(false);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11 shrink-0 rounded-full"
        aria-label={t.chat.media.open}
        onClick={() => setOpen(true)}
      >
        <Paperclip className="size-5" aria-hidden />
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (sending) return;
          setOpen(next);
          if (!next) reset();
        }}
      >
        <DialogContent className="max-w-md" data-testid="media-message-dialog">
          <DialogHeader>
            <DialogTitle>{t.chat.media.title}</DialogTitle>
            <DialogDescription>{t.chat.media.description}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <input
              ref={input}
              type="file"
              accept={Object.keys(EXTENSIONS).join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="media-message-file"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!chosen) return;
                if (!EXTENSIONS[chosen.type]) {
                  setFileError(t.chat.media.unsupported);
                  return;
                }
                setFileError(null);
                setFile(chosen);
              }}
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={sending}
                onClick={() => input.current?.click()}
              >
                <Paperclip aria-hidden />
                {file ? t.chat.media.replace : t.chat.media.choose}
              </Button>
              {file ? <span className="min-w-0 truncate text-sm">{file.name}</span> : null}
            </div>
            {fileError ? (
              <p role="alert" className="text-sm text-destructive-text">
                {fileError}
              </p>
            ) : null}
            <div className="grid gap-2">
              <label htmlFor={`${id}-text`} className="text-sm font-medium">
                {t.chat.media.text}
              </label>
              <Textarea
                id={`${id}-text`}
                value={text}
                rows={3}
                maxLength={CHAT_TEXT_MAX}
                disabled={sending}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={sending}
                aria-pressed={priceCents !== null}
                onClick={() => setPriceCents((p) => (p === null ? 0 : null))}
              >
                {priceCents === null ? t.chat.media.setPrice : t.chat.media.removePrice}
              </Button>
              {priceCents !== null ? (
                <>
                  <label htmlFor={`${id}-price`} className="text-sm font-medium">
                    {t.chat.media.price}
                  </label>
                  <Input
                    id={`${id}-price`}
                    inputMode="numeric"
                    className="max-w-48"
                    value={formatCentsInput(priceCents)}
                    placeholder={formatCents(POST_PRICE.min * 100)}
                    disabled={sending}
                    aria-invalid={!priceOk || undefined}
                    aria-describedby={`${id}-price-hint`}
                    onChange={(e) =>
                      setPriceCents(parseCentsInput(e.target.value, POST_PRICE.max * 100))
                    }
                  />
                  <p id={`${id}-price-hint`} className="text-xs text-muted-foreground">
                    {t.chat.media.priceHint}
                  </p>
                </>
              ) : null}
            </div>
            <DialogFooter>
              {sending ? (
                <span role="status" className="mr-auto self-center text-sm text-muted-foreground">
                  {t.chat.media.uploading(progress)}
                </span>
              ) : null}
              <Button type="submit" disabled={!file || !priceOk || sending}>
                {t.chat.media.send}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
