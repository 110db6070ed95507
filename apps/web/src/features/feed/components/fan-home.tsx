import { ChevronRight, CreditCard, MessageCircle, Search, Sparkles } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/content';
import { errorMessage } from '@/lib/api-client';
import { useBecomeCreator } from '../hooks/use-feed-data';

const shortcuts: { icon: LucideIcon; title: string; text: string; to: string }[] = [
  {
    icon: CreditCard,
    title: t.content.feed.fanSubscriptions,
    text: t.content.feed.fanSubscriptionsText,
    to: '/subscriptions',
  },
  {
    icon: MessageCircle,
    title: t.content.feed.fanMessages,
    text: t.content.feed.fanMessagesText,
    to: '/messages',
  },
  {
    icon: Search,
    title: t.content.feed.fanExplore,
    text: t.content.feed.fanExploreText,
    to: '/explore',
  },
];

/**
 * The fan's greeting and places, at the top of the fan-first home: subscriptions, messages,
 * finding creators.
 */
export function FanShortcuts({ firstName }: { firstName: string }) {
  return (
    <nav
      aria-label={t.content.feed.fanShortcutsLabel}
      data-testid="fan-shortcuts"
      className="grid gap-3"
    >
      <h2 className="text-lg font-semibold tracking-tight">
        {firstName ? t.dashboard.welcome(firstName) : t.dashboard.welcomeAnonymous}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {shortcuts.map(({ icon: Icon, title, text, to }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex min-h-11 items-center gap-3 rounded-xl border bg-card px-3 py-2.5 text-sm shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-col sm:items-start sm:gap-2"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate font-medium">{title}</span>
                <span className="truncate text-xs text-muted-foreground">{text}</span>
              </span>
              <ChevronRight
                className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 sm:hidden"
                aria-hidden
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * 'Quero ser criador': the fan-first home's invitation to open the creator's side. The choice is
 * kept on the server (POST /workspaces/{id}/creator); the answer becomes the stored workspace,
 * and the creator's home and menu show at once.
 */
export function BecomeCreator({ workspaceId }: { workspaceId: string }) {
  const become = useBecomeCreator();
  return (
    <section
      aria-labelledby="become-creator-title"
      data-testid="become-creator"
      className="relative flex flex-col gap-3 overflow-hidden rounded-2xl border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <div
        aria-hidden
        className="absolute -top-20 -right-16 size-48 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <Sparkles className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-1">
          <h2 id="become-creator-title" className="text-base font-semibold tracking-tight">
            {t.content.feed.becomeCreatorTitle}
          </h2>
          <p className="text-sm leading-relaxed text-muted-foreground">
            {t.content.feed.becomeCreatorText}
          </p>
        </div>
      </div>
      <Button
        className="relative shrink-0 self-stretch sm:self-center"
        disabled={become.isPending}
        onClick={() =>
          become.mutate(workspaceId, {
            onSuccess: () => toast.success(t.content.feed.becomeCreatorDone),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        {become.isPending ? <Spinner aria-hidden /> : <Sparkles aria-hidden />}
        {t.content.feed.becomeCreatorAction}
      </Button>
    </section>
  );
}
