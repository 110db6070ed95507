import { ArrowRight, CreditCard, ShieldCheck, UserRoundPen, UsersRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand';
import { DocumentTitle } from '@/components/layout/document-title';
import { Page, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/pt-BR';
import { loginPath } from '@/lib/navigation';
import { useSession } from '@/lib/session';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
  action: string;
  to: string;
}

const steps: Step[] = [
  {
    icon: UserRoundPen,
    title: t.dashboard.stepProfileTitle,
    text: t.dashboard.stepProfileText,
    action: t.dashboard.stepProfileAction,
    to: '/settings/workspace',
  },
  {
    icon: CreditCard,
    title: t.dashboard.stepPlansTitle,
    text: t.dashboard.stepPlansText,
    action: t.dashboard.stepPlansAction,
    to: '/settings/plans',
  },
  {
    icon: UsersRound,
    title: t.dashboard.stepTeamTitle,
    text: t.dashboard.stepTeamText,
    action: t.dashboard.stepTeamAction,
    to: '/settings/members',
  },
  {
    icon: ShieldCheck,
    title: t.dashboard.stepSecurityTitle,
    text: t.dashboard.stepSecurityText,
    action: t.dashboard.stepSecurityAction,
    to: '/settings/security',
  },
];

function SignedOutWelcome() {
  return (
    <Page width="narrow" className="flex min-h-dvh items-center">
      <DocumentTitle title={t.dashboard.title} />
      <Card className="w-full items-center gap-4 px-6 py-12 text-center">
        <BrandMark className="size-12 rounded-xl text-xl" />
        <h1 className="text-2xl font-semibold tracking-tight">{t.dashboard.welcomeAnonymous}</h1>
        <p className="max-w-md text-[15px] leading-relaxed text-muted-foreground">
          {t.dashboard.introAnonymous}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={loginPath('/dashboard')}>{t.dashboard.signIn}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/signup">{t.dashboard.createAccount}</Link>
          </Button>
        </div>
      </Card>
    </Page>
  );
}

/**
 * The dashboard until the feed lands: a welcome with the next steps of a new creator, each
 * linking to its settings page.
 */
export function Welcome() {
  const { token, metadata, workspace } = useSession();
  if (!token) return <SignedOutWelcome />;

  const firstName = (metadata?.full_name ?? metadata?.label ?? '').split(/\s+/)[0] ?? '';
  const username = workspace?.username ?? metadata?.username ?? '';

  return (
    <Page>
      <PageHeader
        documentTitle={t.dashboard.title}
        title={firstName ? t.dashboard.welcome(firstName) : t.dashboard.welcomeAnonymous}
        description={t.dashboard.intro}
        actions={
          username ? (
            <Button asChild variant="outline">
              <Link to={`/profile/${username}`}>{t.dashboard.viewProfile}</Link>
            </Button>
          ) : null
        }
      />
      <section aria-labelledby="next-steps">
        <h2
          id="next-steps"
          className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
        >
          {t.dashboard.nextSteps}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2">
          {steps.map((step, index) => {
            const Icon = step.icon;
            return (
              <li key={step.to}>
                <Link
                  to={step.to}
                  className="group flex h-full flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-[border-color,box-shadow] outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <div className="flex items-center justify-between">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <span className="text-xs font-medium text-muted-foreground tabular-nums">
                      {index + 1}/{steps.length}
                    </span>
                  </div>
                  <div className="grid gap-1">
                    <h3 className="font-semibold tracking-tight">{step.title}</h3>
                    <p className="text-sm leading-relaxed text-muted-foreground">{step.text}</p>
                  </div>
                  <span className="mt-auto inline-flex items-center gap-1.5 text-sm font-medium text-primary">
                    {step.action}
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden
                    />
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </section>
    </Page>
  );
}
