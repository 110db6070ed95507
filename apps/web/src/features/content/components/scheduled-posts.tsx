import { CalendarClock, Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { ContentItem } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { t } from '@/i18n/content';
import { useReschedule, useScheduledPosts } from '../hooks/use-scheduled';
import { isoToSaoPaulo, saoPauloToIso, scheduleError, scheduledAt } from '../lib/schedule';

/** Date and time inputs (São Paulo) for a schedule, with the pt-BR error below them. */
export function ScheduleFields({
  date,
  time,
  onChange,
  error,
  disabled,
}: {
  date: string;
  time: string;
  onChange: (next: { date: string; time: string }) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-1.5" data-testid="schedule-fields">
      <legend className="mb-1.5 text-sm font-medium">{t.content.schedule.legend}</legend>
      <div className="flex flex-wrap gap-2">
        <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-date`}>
          {t.content.schedule.date}
          <Input
            id={`${id}-date`}
            type="date"
            className="w-40"
            value={date}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onChange({ date: e.target.value, time })}
          />
        </label>
        <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-time`}>
          {t.content.schedule.time}
          <Input
            id={`${id}-time`}
            type="time"
            className="w-32"
            value={time}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onChange({ date, time: e.target.value })}
          />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-[13px] text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ScheduledRow({ ws, post }: { ws: string; post: ContentItem }) {
  const reschedule = useReschedule(ws);
  const [editing, setEditing] = useState<{ date: string; time: string } | null>(null);
  const iso = editing ? saoPauloToIso(editing.date, editing.time) : null;
  const error = editing ? scheduleError(iso) : null;
  const busy = reschedule.isPending;
  const media = post.attachments.length;
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0" data-testid="scheduled-post">
      <p className="inline-flex items-center gap-1.5 text-xs font-medium text-primary">
        <CalendarClock className="size-3.5" aria-hidden />
        {t.content.schedule.badge(scheduledAt(post.publish_at!))}
      </p>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap">
        {post.description || (media ? t.content.schedule.attachmentOnly : '')}
      </p>
      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!iso || error) return;
            reschedule.mutate(
              { id: post.id, publishAt: iso },
              { onSuccess: () => setEditing(null) },
            );
          }}
        >
          <ScheduleFields
            date={editing.date}
            time={editing.time}
            onChange={setEditing}
            error={error}
            disabled={busy}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy || Boolean(error)}>
              {busy ? t.content.schedule.saving : t.content.schedule.save}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
              {t.content.schedule.close}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            disabled={busy}
            onClick={() => reschedule.mutate({ id: post.id, publishAt: null })}
          >
            <Send className="size-4" aria-hidden />
            {t.content.schedule.publishNow}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => setEditing(isoToSaoPaulo(post.publish_at!))}
          >
            <CalendarClock className="size-4" aria-hidden />
            {t.content.schedule.change}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * 'Agendados' (issue 35): the workspace's scheduled posts for its owner and members, soonest
 * first, each with 'Agendado para …', 'Publicar agora' and 'Mudar horário'. Nothing is shown
 * while there is none.
 */
export function ScheduledPosts({ ws }: { ws: string }) {
  const query = useScheduledPosts(ws);
  // most workspaces have none: nothing is drawn until the list says otherwise (no layout shift)
  if (query.isPending) return null;
  if (query.isError)
    return (
      <LoadError message={t.content.schedule.listError} onRetry={() => void query.refetch()} />
    );
  const posts = query.data.contents;
  if (posts.length === 0) return null;
  return (
    <section
      aria-labelledby="scheduled-title"
      className="rounded-2xl border bg-card p-3 shadow-xs sm:p-4"
      data-testid="scheduled-posts"
    >
      <h2 id="scheduled-title" className="text-base font-semibold">
        {t.content.schedule.listTitle}{' '}
        <span className="text-muted-foreground">({posts.length})</span>
      </h2>
      <p className="mb-3 text-xs text-muted-foreground">{t.content.schedule.listDescription}</p>
      <ul className="divide-y">
        {posts.map((post) => (
          <ScheduledRow key={post.id} ws={ws} post={post} />
        ))}
      </ul>
    </section>
  );
}
