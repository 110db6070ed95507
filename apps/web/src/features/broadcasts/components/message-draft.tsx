import { Film, ImageIcon, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { CHAT_TEXT_MAX, POST_PRICE, formatCents } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { ACCEPT, EXTENSIONS, draftPriceOk } from '../lib/draft';
import type { Draft } from '../lib/draft';
import { t } from '../strings';

/** Text, 'Anexar imagem ou vídeo' and 'Definir preço', as in the post composer. */
export function MessageDraftFields({
  draft,
  onChange,
  disabled,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const kind = draft.file
    ? draft.file.type.startsWith('video/')
      ? 'video'
      : 'image'
    : draft.savedKind;
  const hasFile = draft.file !== null || draft.savedPath !== null;
  const fileName = draft.file?.name ?? (draft.savedPath ? draft.savedPath.split('/').pop() : null);
  const Icon = kind === 'video' ? Film : ImageIcon;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          {t.broadcasts.text}
        </label>
        <Textarea
          id={`${id}-text`}
          value={draft.text}
          maxLength={CHAT_TEXT_MAX}
          rows={4}
          disabled={disabled}
          placeholder={t.broadcasts.textPlaceholder}
          onChange={(e) => onChange({ ...draft, text: e.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!file) return;
            if (!EXTENSIONS[file.type]) {
              setFileError(t.broadcasts.unsupportedFile);
              return;
            }
            setFileError(null);
            onChange({ ...draft, file, savedPath: null, savedKind: null });
          }}
        />
        {hasFile ? (
          <span
            className="flex max-w-full min-w-0 items-center gap-2 rounded-full border bg-muted/50 py-1 pr-1 pl-3 text-sm"
            data-testid="draft-attachment"
          >
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">{fileName}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7 rounded-full"
              disabled={disabled}
              aria-label={t.broadcasts.removeAttachment}
              onClick={() => onChange({ ...draft, file: null, savedPath: null, savedKind: null })}
            >
              <X aria-hidden />
            </Button>
          </span>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            <Paperclip aria-hidden />
            {t.broadcasts.attach}
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-pressed={draft.priceCents !== null}
          onClick={() => onChange({ ...draft, priceCents: draft.priceCents === null ? 0 : null })}
        >
          {draft.priceCents === null ? t.sales.composer.setPrice : t.sales.composer.removePrice}
        </Button>
      </div>
      {fileError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {fileError}
        </p>
      ) : null}
      {draft.priceCents !== null ? (
        <div className="grid gap-1.5" data-testid="draft-price">
          <label htmlFor={`${id}-price`} className="text-sm font-medium">
            {t.broadcasts.price}
          </label>
          <Input
            id={`${id}-price`}
            inputMode="numeric"
            className="max-w-48"
            value={formatCentsInput(draft.priceCents)}
            placeholder={formatCents(POST_PRICE.min * 100)}
            disabled={disabled}
            aria-invalid={!draftPriceOk(draft) || undefined}
            aria-describedby={`${id}-price-hint`}
            onChange={(e) =>
              onChange({
                ...draft,
                priceCents: parseCentsInput(e.target.value, POST_PRICE.max * 100),
              })
            }
          />
          <p id={`${id}-price-hint`} className="text-xs text-muted-foreground">
            {hasFile ? t.broadcasts.priceHint : t.broadcasts.needsAttachment}
          </p>
        </div>
      ) : null}
    </div>
  );
}
