import { FolderOpen, LayoutDashboard, Settings, UserRound, Users, Wallet } from 'lucide-react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { collectNav } from '@/components/layout/nav-items';
import type { NavHandle } from '@/components/layout/nav-items';
import { Spinner } from '@/components/ui/spinner';
import { appsNav } from '@/features/apps/nav';
import { filesNav } from '@/features/files/nav';
import { financeNav } from '@/features/finance/nav';
import { t } from '@/i18n/pt-BR';
import { RequireAuth } from './guards';
import { Root } from './root';
import { RouteError } from './routes/route-error';

/**
 * The route table (spec section 2), the one shared file a new page edits. Each page is its own
 * file under routes/, loaded on demand; a page in a menu says so in its `handle`:
 *
 *   {
 *     path: '/finance',
 *     handle: nav({ label: financeNav.nav, icon: Wallet, order: 25, activeWithin: '/finance' }),
 *     lazy: () => import('./routes/finance').then((m) => ({ Component: m.FinanceRoute })),
 *   }
 *
 * inside `RequireAuth` when it needs a signed-in user, among `shellRoutes` when it shows the
 * navigation, among `settingsRoutes` for a tab of Configurações. See src/features/README.md.
 */

const nav = (entry: NavHandle['nav']): NavHandle => ({ nav: entry });

/** /settings/*: each section is a tab of the settings sub-navigation, in `order`. */
const settingsRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/settings/workspace" replace /> },
  {
    path: 'workspace',
    handle: nav({ label: t.settings.workspace, order: 10 }),
    lazy: () =>
      import('./routes/settings-workspace').then((m) => ({ Component: m.SettingsWorkspaceRoute })),
  },
  {
    path: 'plans',
    handle: nav({ label: t.settings.plans, order: 20 }),
    lazy: () =>
      import('./routes/settings-plans').then((m) => ({ Component: m.SettingsPlansRoute })),
  },
  {
    path: 'security',
    handle: nav({ label: t.settings.security, order: 30 }),
    lazy: () =>
      import('./routes/settings-security').then((m) => ({ Component: m.SettingsSecurityRoute })),
  },
  {
    path: 'members',
    handle: nav({ label: t.settings.members, order: 40 }),
    lazy: () =>
      import('./routes/settings-members').then((m) => ({ Component: m.SettingsMembersRoute })),
  },
  {
    path: 'apps',
    handle: nav({ label: appsNav.settings, order: 50, activeWithin: '/settings/apps' }),
    lazy: () => import('./routes/settings-apps').then((m) => ({ Component: m.SettingsAppsRoute })),
  },
  {
    path: 'apps/trueid',
    lazy: () =>
      import('./routes/settings-apps-trueid').then((m) => ({
        Component: m.SettingsAppsTrueIdRoute,
      })),
  },
  {
    // the e-mail marketing app's screen, opened from its card (within the Apps tab)
    path: 'apps/email-marketing',
    lazy: () =>
      import('./routes/settings-email-marketing').then((m) => ({
        Component: m.SettingsEmailMarketingRoute,
      })),
  },
];
const settingsSections = collectNav(settingsRoutes, '/settings');

/** /finance/*: the sections of Finanças, each loaded on demand (the charts only with Resumo). */
const financeRoutes: RouteObject[] = [
  {
    index: true,
    handle: nav({ label: financeNav.sections.overview, order: 10 }),
    lazy: () =>
      import('./routes/finance-overview').then((m) => ({ Component: m.FinanceOverviewRoute })),
  },
  {
    path: 'transactions',
    handle: nav({ label: financeNav.sections.transactions, order: 20 }),
    lazy: () =>
      import('./routes/finance-transactions').then((m) => ({
        Component: m.FinanceTransactionsRoute,
      })),
  },
  {
    path: 'accounts',
    handle: nav({ label: financeNav.sections.accounts, order: 30 }),
    lazy: () =>
      import('./routes/finance-accounts').then((m) => ({ Component: m.FinanceAccountsRoute })),
  },
  {
    path: 'categories',
    handle: nav({ label: financeNav.sections.categories, order: 40 }),
    lazy: () =>
      import('./routes/finance-categories').then((m) => ({ Component: m.FinanceCategoriesRoute })),
  },
  {
    path: 'import',
    handle: nav({ label: financeNav.sections.import, order: 50 }),
    lazy: () =>
      import('./routes/finance-import').then((m) => ({ Component: m.FinanceImportRoute })),
  },
];
const financeSections = collectNav(financeRoutes, '/finance');

/** The pages inside the app shell; their `nav` entries are the shell's navigation. */
const shellRoutes: RouteObject[] = [
  // not guarded here
  {
    path: '/dashboard',
    handle: nav({ label: t.nav.overview, icon: LayoutDashboard, order: 10 }),
    lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
  },
  {
    path: '/profile',
    lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
  },
  {
    path: '/profile/:username',
    // the stored workspace's profile (empty when there is none)
    handle: nav({
      label: t.nav.profile,
      icon: UserRound,
      order: 30,
      to: (workspace) => `/profile/${workspace?.username ?? ''}`,
    }),
    lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        path: '/',
        lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
      },
      {
        path: '/subscribers',
        handle: nav({ label: t.nav.subscribers, icon: Users, order: 20 }),
        lazy: () => import('./routes/subscribers').then((m) => ({ Component: m.SubscribersRoute })),
      },
      {
        path: '/finance',
        handle: nav({
          label: financeNav.nav,
          icon: Wallet,
          order: 25,
          activeWithin: '/finance',
        }),
        lazy: () =>
          import('./routes/finance').then(({ FinanceRoute }) => ({
            element: <FinanceRoute sections={financeSections} />,
          })),
        children: financeRoutes,
      },
      {
        path: '/subscriptions',
        lazy: () =>
          import('./routes/my-subscriptions').then((m) => ({ Component: m.MySubscriptionsRoute })),
      },
      {
        path: '/account',
        lazy: () => import('./routes/account').then((m) => ({ Component: m.AccountRoute })),
      },
      {
        path: '/workspaces/new',
        lazy: () =>
          import('./routes/workspace-new').then((m) => ({ Component: m.WorkspaceNewRoute })),
      },
      {
        path: '/files',
        handle: nav({ label: filesNav.nav, icon: FolderOpen, order: 27 }),
        lazy: () => import('./routes/files').then((m) => ({ Component: m.FilesRoute })),
      },
      {
        path: '/verification/:username',
        lazy: () =>
          import('./routes/verification').then((m) => ({ Component: m.VerificationRoute })),
      },
      {
        path: '/invitation/:id',
        lazy: () => import('./routes/invitation').then((m) => ({ Component: m.InvitationRoute })),
      },
      {
        path: '/settings',
        handle: nav({
          label: t.nav.settings,
          icon: Settings,
          order: 40,
          to: '/settings/workspace',
          activeWithin: '/settings',
        }),
        lazy: () =>
          import('./routes/settings').then(({ SettingsLayout }) => ({
            element: <SettingsLayout sections={settingsSections} />,
          })),
        children: settingsRoutes,
      },
    ],
  },
  {
    path: '*',
    lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
  },
];

/** The shell's navigation: Overview, Assinantes, Finanças, Arquivos, Perfil, Configurações (spec section 2, issues 9 and 10). */
export const shellNav = collectNav(shellRoutes);

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-6 text-primary" />
      </div>
    ),
    children: [
      // public account and legal pages, without the app shell
      {
        path: '/login',
        lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: '/signup',
        lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute })),
      },
      {
        path: '/reset-password',
        lazy: () =>
          import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: '/account/email',
        lazy: () =>
          import('./routes/account-email').then((m) => ({ Component: m.AccountEmailRoute })),
      },
      {
        path: '/confirm-email',
        lazy: () =>
          import('./routes/confirm-email').then((m) => ({ Component: m.ConfirmEmailRoute })),
      },
      {
        path: '/privacy-policy',
        lazy: () =>
          import('./routes/privacy-policy').then((m) => ({ Component: m.PrivacyPolicyRoute })),
      },
      {
        path: '/unsubscribe',
        lazy: () => import('./routes/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute })),
      },
      {
        path: '/terms',
        lazy: () => import('./routes/terms').then((m) => ({ Component: m.TermsRoute })),
      },
      {
        // the shell's code loads with the first page that shows it, not with the sign-in screens
        lazy: () =>
          import('@/components/layout/app-shell').then(({ AppShell }) => ({
            element: <AppShell menu={shellNav} />,
          })),
        children: shellRoutes,
      },
    ],
  },
];
