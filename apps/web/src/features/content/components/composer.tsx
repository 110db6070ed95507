import { CalendarClock, Film, ImagePlus, SendHorizontal, Tag, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent, KeyboardEvent } from 'react';
import { POST_PRICE, POST_TEXT_MAX, formatCents } from '@fa-clube/contract';
import { useController } from 'react-hook-form';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Form, FormSubmit } from '@/components/ui/form';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { Input } from '@/components/ui/input';
import { t } from '@/i18n/content';
import { drafts, useKeepDraft } from '@/lib/drafts';
import { t as sales } from '@/i18n/sales';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { setServerErrors, useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useCreatePost } from '../hooks/use-create-post';
import type { PostAttachment } from '../hooks/use-create-post';
import {
  COMPOSER_ACCEPT,
  COMPOSER_MAX_HEIGHT,
  canSendPost,
  checkComposerFile,
  clampComposerHeight,
  kindOfType,
} from '../lib/composer-rules';
import type { ComposerForm as ComposerValues } from '../lib/composer-form';
import { capturePosterFrame } from '../lib/poster';
import { defaultSchedule, saoPauloToIso, scheduleError } from '../lib/schedule';
import { ScheduleFields } from './scheduled-posts';
import { ComposerForm } from '../lib/composer-form';

// zod loads when the composer shows, not with the page

interface Chosen extends PostAttachment {
  /** Object URL of the file, for the preview. */
  previewUrl: string;
}

export interface ComposerProps {
  /** The workspace the post goes to (the caller owns it). */
  workspaceId: string;
  /** Who posts: the workspace's name and avatar. */
  authorName: string;
  authorAvatarUrl?: string | null;
  className?: string;
}

/**
 * The post composer (spec section 5): a text area growing from 48 to 164 px, one JPEG, PNG or
 * MP4 attachment (choosing another replaces it), its preview, the upload progress and 'Publicar',
 * enabled with a non-blank text of at least 3 characters or an attachment.
 */
export function Composer({ workspaceId, authorName, authorAvatarUrl, className }: ComposerProps) {
  // the text is kept as a draft until it is published (the chat's way, lib/drafts.ts)
  const draftKey = `post:${workspaceId}`;
  const form = useZodForm(ComposerForm, { defaultValues: { text: drafts.get(draftKey) } });
  const { field, fieldState } = useController({ control: form.control, name: 'text' });
  const text = field.value;
  useKeepDraft(draftKey, text);
  const [attachment, setAttachment] = useState<Chosen | null>(null);
  // 'Definir preço': a pay-per-view price in centavos, null for a free post
  const [priceCents, setPriceCents] = useState<number | null>(null);
  // 'Agendar': a date and time in São Paulo, null to publish now
  const [schedule, setSchedule] = useState<{ date: string; time: string } | null>(null);
  const [posterUrl, setPosterUrl] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const { send, sending, progress } = useCreatePost(workspaceId);
  const id = useId();

  // grow with the text, between 48 and 164 px; scroll beyond that (again when the width changes)
  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      // empty: measure the placeholder instead, so a wrapping one shows whole
      const empty = el.value === '' && el.placeholder !== '';
      if (empty) el.value = el.placeholder;
      const full = el.scrollHeight;
      if (empty) el.value = '';
      el.style.height = `${clampComposerHeight(full)}px`;
      el.style.overflowY = full > COMPOSER_MAX_HEIGHT ? 'auto' : 'hidden';
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [text]);

  // the preview's object URL lives as long as its attachment
  useEffect(() => {
    if (!attachment) return;
    const url = attachment.previewUrl;
    return () => URL.revokeObjectURL(url);
  }, [attachment]);

  // a video's captured frame doubles as the preview's poster
  useEffect(() => {
    if (!attachment?.poster) return;
    let url: string | null = null;
    let live = true;
    void attachment.poster.then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setPosterUrl(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setPosterUrl(null);
    };
  }, [attachment]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const check = checkComposerFile(file);
    if (!check.ok) {
      toast.error(
        check.reason === 'type'
          ? t.content.composer.unsupported
          : t.content.composer.tooLarge(check.maxMb),
      );
      return;
    }
    setAttachment({
      file,
      type: check.type,
      previewUrl: URL.createObjectURL(file),
      ...(kindOfType(check.type) === 'video' ? { poster: capturePosterFrame(file) } : {}),
    });
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0]);
    // choosing the same file again must fire change again
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    if (!sending) choose(event.dataTransfer.files[0]);
  };

  const submit = async (values: ComposerValues) => {
    if (!canSendPost(values.text, attachment !== null) || sending || !priceOk) return;
    if (schedule && scheduleError(publishAt)) return;
    const result = await send(values.text, attachment, priceCents, publishAt);
    if (result.ok) {
      form.reset({ text: '' });
      setAttachment(null);
      setPriceCents(null);
      setSchedule(null);
    } else {
      setServerErrors(form, result.error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void form.handleSubmit(submit)();
    }
  };

  const kind = attachment ? kindOfType(attachment.type) : null;
  const priceOk =
    priceCents === null ||
    (attachment !== null &&
      priceCents >= POST_PRICE.min * 100 &&
      priceCents <= POST_PRICE.max * 100);
  const nearLimit = text.length > POST_TEXT_MAX * 0.9;
  const publishAt = schedule ? saoPauloToIso(schedule.date, schedule.time) : null;
  const scheduleProblem = schedule ? scheduleError(publishAt) : null;

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={t.content.composer.label}
      data-testid="composer"
      className={cn(
        'rounded-2xl border bg-card p-3 shadow-xs transition-[border-color,box-shadow] sm:p-4',
        dragging && 'border-primary ring-[3px] ring-primary/20',
        className,
      )}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className="flex gap-3">
        <Avatar src={authorAvatarUrl} name={authorName} className="mt-1 size-10 text-base" />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-text`} className="sr-only">
            {t.content.composer.label}
          </label>
          <textarea
            id={`${id}-text`}
            ref={(element) => {
              textRef.current = element;
              field.ref(element);
            }}
            name={field.name}
            rows={1}
            value={text}
            disabled={sending}
            placeholder={t.content.composer.placeholder}
            aria-describedby={fieldState.error ? `${id}-error` : `${id}-hint`}
            aria-invalid={fieldState.error ? true : undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onKeyDown={onKeyDown}
            style={{ minHeight: 48, maxHeight: COMPOSER_MAX_HEIGHT }}
            className="block w-full resize-none border-0 bg-transparent px-0 py-3 text-[15px] leading-6 outline-none placeholder:text-muted-foreground/80 disabled:opacity-60"
          />
          <span id={`${id}-hint`} className="sr-only">
            {t.content.composer.shortcut}
          </span>
          {fieldState.error?.message ? (
            <p id={`${id}-error`} className="pb-1 text-[13px] text-destructive">
              {fieldState.error.message}
            </p>
          ) : null}
        </div>
      </div>

      {attachment ? (
        <div className="mt-3 sm:pl-13">
          <div className="relative overflow-hidden rounded-xl border bg-muted/60">
            {kind === 'image' ? (
              <img
                src={attachment.previewUrl}
                alt={t.content.composer.previewImage}
                className="mx-auto max-h-80 w-auto object-contain"
              />
            ) : (
              <video
                src={`${attachment.previewUrl}#t=0.1`}
                poster={posterUrl ?? undefined}
                aria-label={t.content.composer.previewVideo}
                className="mx-auto max-h-80 w-full bg-black object-contain"
                preload="metadata"
                controls
                muted
                playsInline
              />
            )}
            <span className="pointer-events-none absolute bottom-2 left-2 inline-flex max-w-[70%] items-center gap-1.5 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white backdrop-blur-sm">
              {kind === 'video' ? (
                <Film className="size-3.5 shrink-0" aria-hidden />
              ) : (
                <ImagePlus className="size-3.5 shrink-0" aria-hidden />
              )}
              <span className="truncate">{attachment.file.name}</span>
            </span>
            <button
              type="button"
              onClick={() => setAttachment(null)}
              disabled={sending}
              aria-label={t.content.composer.remove}
              className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-black/65 text-white backdrop-blur-sm transition-colors outline-none hover:bg-black/80 focus-visible:ring-[3px] focus-visible:ring-white/60 disabled:opacity-50"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      ) : null}

      {progress !== null && attachment ? (
        <div className="mt-3 grid gap-1.5 sm:pl-13" data-testid="upload-progress">
          <Progress value={progress} aria-label={t.content.composer.uploadLabel} />
          <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
            {t.content.composer.uploading(progress)}
          </p>
        </div>
      ) : null}

      {priceCents !== null ? (
        <div className="mt-3 grid gap-1.5 sm:pl-13" data-testid="composer-price">
          <label htmlFor={`${id}-price`} className="text-sm font-medium">
            {sales.sales.composer.priceLabel}
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
            onChange={(e) => setPriceCents(parseCentsInput(e.target.value, POST_PRICE.max * 100))}
          />
          <p id={`${id}-price-hint`} className="text-xs text-muted-foreground">
            {attachment ? sales.sales.composer.priceHint : sales.sales.composer.needsAttachment}
          </p>
        </div>
      ) : null}

      {schedule ? (
        <div className="mt-3 sm:pl-13" data-testid="composer-schedule">
          <ScheduleFields
            date={schedule.date}
            time={schedule.time}
            onChange={setSchedule}
            error={scheduleProblem}
            disabled={sending}
          />
        </div>
      ) : null}

      <div className="mt-3 flex items-center gap-2 border-t pt-3">
        <input
          ref={fileRef}
          type="file"
          accept={COMPOSER_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="composer-file"
          onChange={onFileChange}
          disabled={sending}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-primary hover:text-primary"
          onClick={() => fileRef.current?.click()}
          disabled={sending}
        >
          <ImagePlus className="size-[18px]" aria-hidden />
          {/* named by its text: the full one for screen readers on phones, the short one shown */}
          <span className="sr-only sm:hidden">
            {attachment ? t.content.composer.replace : t.content.composer.attach}
          </span>
          <span className="hidden sm:inline">
            {attachment ? t.content.composer.replace : t.content.composer.attachShort}
          </span>
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-primary hover:text-primary"
          aria-pressed={priceCents !== null}
          onClick={() => setPriceCents((p) => (p === null ? 0 : null))}
          disabled={sending}
        >
          <Tag className="size-[18px]" aria-hidden />
          <span className="sr-only sm:not-sr-only">
            {priceCents === null ? sales.sales.composer.setPrice : sales.sales.composer.removePrice}
          </span>
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-primary hover:text-primary"
          aria-pressed={schedule !== null}
          onClick={() => setSchedule((s) => (s === null ? defaultSchedule() : null))}
          disabled={sending}
        >
          <CalendarClock className="size-[18px]" aria-hidden />
          <span className="sr-only sm:not-sr-only">
            {schedule === null ? t.content.schedule.toggle : t.content.schedule.cancel}
          </span>
        </Button>
        <span className="hidden text-xs whitespace-nowrap text-muted-foreground 2xl:inline">
          {t.content.composer.attachHint}
        </span>
        <div className="ml-auto flex items-center gap-3">
          {nearLimit ? (
            <span
              className={cn(
                'text-xs tabular-nums',
                text.length > POST_TEXT_MAX ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {t.content.composer.counter(text.length, POST_TEXT_MAX)}
            </span>
          ) : null}
          <FormSubmit
            ready={(values) =>
              canSendPost(values.text, attachment !== null) && priceOk && !scheduleProblem
            }
            pending={sending}
            className="min-w-28 rounded-full"
          >
            {sending ? null : schedule ? (
              <CalendarClock className="size-4" aria-hidden />
            ) : (
              <SendHorizontal className="size-4" aria-hidden />
            )}
            {schedule
              ? sending
                ? t.content.schedule.sending
                : t.content.schedule.send
              : sending
                ? t.content.composer.sending
                : t.content.composer.send}
          </FormSubmit>
        </div>
      </div>
    </Form>
  );
}
