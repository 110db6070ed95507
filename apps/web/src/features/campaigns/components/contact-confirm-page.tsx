import { CircleCheck, Link2Off, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BrandMark, BrandName } from '@/components/layout/brand';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useConfirmContact, useContactConfirmationInfo } from '../hooks/use-campaigns';
import { t } from '../strings';

/**
 * /contacts/confirm?token= (public): the double opt-in link an imported contact receives. It asks
 * before it confirms, so a link scanner that follows the link subscribes no one.
 */
export function ContactConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useContactConfirmationInfo(token);
  const confirm = useConfirmContact(token);
  const text = t.contactConfirm;

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
        title={text.invalidTitle}
        text={text.invalid}
        action={
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            {text.home}
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
        {text.loading}
      </p>,
    );
  const { workspace, email, confirmed } = info.data;
  if (confirmed)
    return frame(
      <StatusScreen
        icon={CircleCheck}
        title={text.doneTitle}
        text={text.done(workspace.label, email)}
        action={
          <Link
            to={`/profile/${workspace.username}`}
            className={buttonVariants({ variant: 'outline' })}
          >
            {text.profile(workspace.label)}
          </Link>
        }
        className="py-10"
      />,
    );
  return frame(
    <StatusScreen
      icon={MailCheck}
      title={text.title}
      text={text.question(workspace.label, email)}
      action={
        <Button
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutate(undefined, { onError: (e) => toast.error(errorMessage(e)) })
          }
        >
          {text.confirm}
        </Button>
      }
      className="py-10"
    />,
  );
}
