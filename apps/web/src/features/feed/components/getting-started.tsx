import { ChevronRight, CreditCard, ShieldCheck, UserRoundPen, UsersRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '@/i18n/content';

const steps: { icon: LucideIcon; title: string; to: string }[] = [
  { icon: UserRoundPen, title: t.dashboard.stepProfileTitle, to: '/settings/workspace' },
  { icon: CreditCard, title: t.dashboard.stepPlansTitle, to: '/settings/plans' },
  { icon: UsersRound, title: t.dashboard.stepTeamTitle, to: '/settings/members' },
  { icon: ShieldCheck, title: t.dashboard.stepSecurityTitle, to: '/settings/security' },
];

/** The new creator's next steps, compact, until the first post. */
export function GettingStarted({ firstName }: { firstName: string }) {
  return (
    <section
      aria-labelledby="getting-started-title"
      className="@container relative overflow-hidden rounded-2xl border bg-card p-4 shadow-xs sm:p-5"
      data-testid="getting-started"
    >
      <div
        aria-hidden
        className="absolute -top-20 -right-16 size-56 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative grid gap-4">
        <div className="grid gap-1">
          <h2 id="getting-started-title" className="text-lg font-semibold tracking-tight">
            {firstName ? t.dashboard.welcome(firstName) : t.dashboard.welcomeAnonymous}
          </h2>
          <p className="text-sm leading-relaxed text-muted-foreground">
            {t.content.feed.gettingStartedText}
          </p>
        </div>
        <ol className="grid gap-2 @md:grid-cols-2" aria-label={t.content.feed.gettingStartedLabel}>
          {steps.map(({ icon: Icon, title, to }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex items-center gap-3 rounded-xl border bg-background/60 px-3 py-2.5 text-sm font-medium transition-colors outline-none hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1 truncate">{title}</span>
                <ChevronRight
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
