import { CircleCheck, Link2Off, MailX } from 'lucide-react';
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
  const { workspace, email, unsubscribed } = info.data;
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
        text={t.unsubscribe.done(workspace.label, email)}
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
        <Button
          variant="destructive"
          loading={unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })
          }
        >
          {t.unsubscribe.confirm}
        </Button>
      }
      className="py-10"
    />,
  );
}
