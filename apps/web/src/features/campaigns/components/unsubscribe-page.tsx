import { CircleCheck, Link2Off, MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BrandMark, BrandName } from '@/components/layout/brand';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUnsubscribe, useUnsubscribeInfo } from '../hooks/use-campaigns';
import { t } from '../strings';

/**
 * /unsubscribe?token= (public): what `{{ link_cancelar }}` opens. It asks before it unsubscribes,
 * so a link scanner that follows the link unsubscribes no one.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  const [everywhere, setEverywhere] = useState(false);

  const frame = (content: React.ReactNode) => (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2">
        <BrandMark />
        <BrandName />
      </Link>
      <div className="w-full max-w-md rounded-2xl border bg-card shadow-sm">{content}</div>
    </main>
  );

  if (token === '' || info.isError)
    return frame(
      <StatusScreen
        icon={Link2Off}
        tone="destructive"
        title={t.unsubscribe.invalidTitle}
        text={t.unsubscribe.invalid}
        action={
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            {t.unsubscribe.home}
          </Link>
        }
        className="py-10"
      />,
    );
  if (info.isPending)
    return frame(
      <p
        role="status"
        className="flex items-center justify-center gap-2 p-10 text-sm text-muted-foreground"
      >
        <Spinner className="size-4" />
        {t.unsubscribe.loading}
      </p>,
    );
  const { workspace, email, unsubscribed, everywhere: outEverywhere } = info.data;
  const profile = (
    <Link to={`/profile/${workspace.username}`} className={buttonVariants({ variant: 'outline' })}>
      {t.unsubscribe.profile(workspace.label)}
    </Link>
  );
  if (unsubscribed)
    return frame(
      <StatusScreen
        icon={CircleCheck}
        title={t.unsubscribe.doneTitle}
        text={
          outEverywhere
            ? t.unsubscribe.doneEverywhere(email)
            : t.unsubscribe.done(workspace.label, email)
        }
        action={profile}
        className="py-10"
      />,
    );
  return frame(
    <StatusScreen
      icon={MailX}
      title={t.unsubscribe.title}
      text={t.unsubscribe.question(workspace.label, email)}
      action={
        <div className="grid w-full justify-items-center gap-4">
          <label className="flex max-w-sm cursor-pointer items-start gap-2.5 text-left text-sm text-muted-foreground">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={everywhere}
              onChange={(e) => setEverywhere(e.target.checked)}
            />
            {t.unsubscribe.everywhere}
          </label>
          <Button
            variant="destructive"
            loading={unsubscribe.isPending}
            onClick={() =>
              unsubscribe.mutate(everywhere, {
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t.unsubscribe.confirm}
          </Button>
        </div>
      }
      className="py-10"
    />,
  );
}
