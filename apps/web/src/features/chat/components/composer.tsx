import { CHAT_TEXT_MAX } from '@fa-clube/contract';
import { SendHorizontal } from 'lucide-react';
import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useDraft } from '@/lib/drafts';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { composerState, enterAction } from '../lib/messages';
import { t } from '../strings';

/**
 * The message box: grows with the text up to a few lines, Enter sends and Shift+Enter breaks the
 * line (on a touch keyboard Enter breaks the line and the button sends), the counter shows near
 * the 2000-character limit and sending waits while over it.
 */
export function Composer({ chatId, onSend }: { chatId: string; onSend: (text: string) => void }) {
  // what was typed and not sent, by conversation, for the tab's life
  const [text, setText] = useDraft(`chat:${chatId}`);
  const ref = useRef<HTMLTextAreaElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');
  const counterId = useId();
  const hintId = useId();
  const state = composerState(text);

  const submit = () => {
    if (!composerState(text).canSend) return;
    onSend(text);
    setText('');
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = enterAction(
      { key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing },
      touch,
    );
    if (action !== 'send') return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="grid gap-1.5"
      aria-label={t.chat.composerLabel}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`${counterId}-text`} className="sr-only">
          {t.chat.composerLabel}
        </label>
        <textarea
          id={`${counterId}-text`}
          ref={ref}
          value={text}
          rows={1}
          placeholder={t.chat.placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={state.tooLong || undefined}
          aria-describedby={
            [state.showCounter && counterId, !touch && !state.tooLong && hintId]
              .filter(Boolean)
              .join(' ') || undefined
          }
          className="field-sizing-content max-h-40 min-h-11 w-full flex-1 resize-none rounded-2xl border border-input bg-card px-4 py-2.5 text-base leading-snug shadow-xs outline-none transition-[border-color,box-shadow] placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive aria-invalid:ring-[3px] aria-invalid:ring-destructive/15 md:text-[15px] dark:bg-input/20"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0 rounded-full"
          disabled={!state.canSend}
          aria-label={t.chat.send}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </div>
      <div className="flex min-h-4 items-center justify-between gap-3 px-2 text-xs">
        {state.tooLong ? (
          <span className="text-destructive-text" role="alert">
            {t.chat.tooLong}
          </span>
        ) : (
          <span id={hintId} className={cn('hidden text-muted-foreground', !touch && 'sm:inline')}>
            {t.chat.hint}
          </span>
        )}
        {state.showCounter ? (
          <span
            id={counterId}
            data-testid="composer-counter"
            className={cn(
              'ml-auto shrink-0 tabular-nums',
              state.tooLong ? 'font-semibold text-destructive-text' : 'text-muted-foreground',
            )}
          >
            <span aria-hidden>{t.chat.counter(state.length)}</span>
            <span className="sr-only">{t.chat.counterLabel(CHAT_TEXT_MAX - state.length)}</span>
          </span>
        ) : null}
      </div>
    </form>
  );
}
