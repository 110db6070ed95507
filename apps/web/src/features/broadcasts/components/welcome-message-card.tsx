import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { majorToCents } from '@fa-clube/contract';
import type { WelcomeMessage } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { fetchWelcome, saveWelcome, welcomeKey } from '../api/broadcasts-api';
import { t } from '../strings';
import { draftFields, draftPriceOk } from '../lib/draft';
import type { Draft } from '../lib/draft';
import { MessageDraftFields } from './message-draft';

const draftOf = (w: WelcomeMessage): Draft => ({
  text: w.text,
  file: null,
  savedPath: w.attachment?.file_path ?? null,
  savedKind: w.attachment?.kind ?? null,
  priceCents: w.price === null ? null : majorToCents(w.price),
});

/**
 * 'Mensagem de boas-vindas' (issue 32): sent once into a fan's conversation when the fan's first
 * subscription becomes active; it may carry a priced image or video. The owner edits it; members
 * read it.
 */
export function WelcomeMessageCard() {
  const { workspace } = useSession();
  const ws = workspace?.id ?? null;
  const isOwner = workspace?.is_owner ?? false;
  const query = useQuery({
    queryKey: welcomeKey(ws),
    queryFn: ({ signal }) => fetchWelcome(ws!, signal),
    enabled: Boolean(ws),
  });
  return (
    <Card data-testid="welcome-message">
      <CardHeader>
        <CardTitle>{t.welcome.title}</CardTitle>
        <CardDescription>{t.welcome.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending || !ws ? (
          <div className="grid gap-3">
            <Skeleton className="h-6 w-56" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <WelcomeForm
            key={query.data.updated_at ?? 'new'}
            ws={ws}
            saved={query.data}
            isOwner={isOwner}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The form, started from what is saved (a new save remounts it with the saved message). */
function WelcomeForm({
  ws,
  saved,
  isOwner,
}: {
  ws: string;
  saved: WelcomeMessage;
  isOwner: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [saving, setSaving] = useState(false);

  const hasContent = draft.text.trim().length > 0 || draft.file !== null || draft.savedPath;
  const canSave = isOwner && !saving && draftPriceOk(draft) && (!enabled || hasContent);

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    try {
      const fields = await draftFields(ws, draft, () => {});
      const saved = await saveWelcome(ws, { enabled, ...fields });
      queryClient.setQueryData(welcomeKey(ws), saved);
      toast.success(t.welcome.saved);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-enabled`}
          checked={enabled}
          disabled={!isOwner || saving}
          onCheckedChange={setEnabled}
        />
        <label htmlFor={`${id}-enabled`} className="text-sm font-medium">
          {t.welcome.enabled}
        </label>
      </div>
      <MessageDraftFields draft={draft} onChange={setDraft} disabled={!isOwner || saving} />
      {isOwner ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={!canSave}>
            {t.welcome.save}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t.welcome.readOnly}</p>
      )}
    </form>
  );
}
