import {
  CreditCard,
  FolderOpen,
  HandCoins,
  Megaphone,
  LayoutDashboard,
  MessageCircle,
  Search,
  Settings,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { collectNav } from '@/components/layout/nav-items';
import type { NavHandle } from '@/components/layout/nav-items';
import { ChargesWaitingBadge, UnreadMessagesBadge } from '@/components/layout/unread-messages';
import { appsNav } from '@/features/apps/nav';
import { filesNav } from '@/features/files/nav';
import { financeNav } from '@/features/finance/nav';
import { t } from '@/i18n/pt-BR';
import { isCreatorWorkspace } from '@/lib/session';
import { page } from './lazy-page';
import { RequireAuth } from './guards';
import { Root } from './root';

/**
 * The route table (spec section 2), the one shared file a new page edits. Each page is its own
 * file under routes/, loaded on demand; a page in a menu says so in its `handle`:
 *
 *   {
 *     path: '/subscribers',
 *     handle: nav({ label: t.nav.subscribers, icon: Users, order: 20 }),
 *     element: page(() => import('./routes/subscribers').then((m) => m.SubscribersRoute)),
 *   }
 *
 * inside `RequireAuth` when it needs a signed-in user, among `shellRoutes` when it shows the
 * navigation, among `settingsRoutes` for a tab of Configurações. See src/features/README.md.
 */

const nav = (entry: NavHandle['nav']): NavHandle => ({ nav: entry });

/**
 * The creator's places (Assinantes, Gorjetas, Finanças, …) show once the owner chose to be a
 * creator; a fan's workspace sees 'Minhas assinaturas' instead (issue 34, decision 093).
 */
const creatorOnly = isCreatorWorkspace;
const fanOnly = (workspace: Parameters<typeof isCreatorWorkspace>[0]) =>
  !isCreatorWorkspace(workspace);

/** /settings/*: each section is a tab of the settings sub-navigation, in `order`. */
const settingsRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/settings/workspace" replace /> },
  {
    path: 'workspace',
    handle: nav({ label: t.settings.workspace, order: 10 }),
    element: page(() =>
      import('./routes/settings-workspace').then((m) => m.SettingsWorkspaceRoute),
    ),
  },
  {
    path: 'plans',
    handle: nav({ label: t.settings.plans, order: 20 }),
    element: page(() => import('./routes/settings-plans').then((m) => m.SettingsPlansRoute)),
  },
  {
    path: 'security',
    handle: nav({ label: t.settings.security, order: 30 }),
    element: page(() => import('./routes/settings-security').then((m) => m.SettingsSecurityRoute)),
  },
  {
    path: 'members',
    handle: nav({ label: t.settings.members, order: 40 }),
    element: page(() => import('./routes/settings-members').then((m) => m.SettingsMembersRoute)),
  },
  {
    path: 'apps',
    handle: nav({ label: appsNav.settings, order: 50, activeWithin: '/settings/apps' }),
    element: page(() => import('./routes/settings-apps').then((m) => m.SettingsAppsRoute)),
  },
  {
    path: 'apps/trueid',
    element: page(() =>
      import('./routes/settings-apps-trueid').then((m) => m.SettingsAppsTrueIdRoute),
    ),
  },
  {
    // the e-mail marketing app's screen, opened from its card (within the Apps tab)
    path: 'apps/email-marketing',
    element: page(() =>
      import('./routes/settings-email-marketing').then((m) => m.SettingsEmailMarketingRoute),
    ),
  },
];
const settingsSections = collectNav(settingsRoutes, '/settings');

/** /finance/*: the sections of Finanças, each loaded on demand (the charts only with Resumo). */
const financeRoutes: RouteObject[] = [
  {
    index: true,
    handle: nav({ label: financeNav.sections.overview, order: 10 }),
    element: page(() => import('./routes/finance-overview').then((m) => m.FinanceOverviewRoute)),
  },
  {
    path: 'transactions',
    handle: nav({ label: financeNav.sections.transactions, order: 20 }),
    element: page(() =>
      import('./routes/finance-transactions').then((m) => m.FinanceTransactionsRoute),
    ),
  },
  {
    path: 'accounts',
    handle: nav({ label: financeNav.sections.accounts, order: 30 }),
    element: page(() => import('./routes/finance-accounts').then((m) => m.FinanceAccountsRoute)),
  },
  {
    path: 'categories',
    handle: nav({ label: financeNav.sections.categories, order: 40 }),
    element: page(() =>
      import('./routes/finance-categories').then((m) => m.FinanceCategoriesRoute),
    ),
  },
  {
    path: 'import',
    handle: nav({ label: financeNav.sections.import, order: 50 }),
    element: page(() => import('./routes/finance-import').then((m) => m.FinanceImportRoute)),
  },
];
const financeSections = collectNav(financeRoutes, '/finance');

/** One element for both of its addresses, so moving between them keeps the page's state. */
const dashboardPage = page(() => import('./routes/dashboard').then((m) => m.DashboardRoute));

/** One element for both of its addresses, so moving between them keeps the page's state. */
const messagesPage = page(() => import('./routes/messages').then((m) => m.MessagesRoute));

/** One element for both of its addresses, so moving between them keeps the page's state. */
const profilePage = page(() => import('./routes/profile').then((m) => m.ProfileRoute));

/** The pages inside the app shell; their `nav` entries are the shell's navigation. */
const shellRoutes: RouteObject[] = [
  // not guarded here
  {
    path: '/dashboard',
    handle: nav({ label: t.nav.overview, icon: LayoutDashboard, order: 10 }),
    element: dashboardPage,
  },
  {
    path: '/profile',
    element: profilePage,
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
    element: profilePage,
  },
  {
    element: <RequireAuth />,
    children: [
      {
        path: '/',
        element: dashboardPage,
      },
      {
        path: '/explore',
        handle: nav({ label: t.nav.explore, icon: Search, order: 12 }),
        element: page(() => import('./routes/explore').then((m) => m.ExploreRoute)),
      },
      {
        path: '/messages',
        handle: nav({
          label: t.nav.messages,
          icon: MessageCircle,
          order: 15,
          activeWithin: '/messages',
          badge: UnreadMessagesBadge,
        }),
        element: messagesPage,
      },
      {
        path: '/messages/:ws/:chatId',
        element: messagesPage,
      },
      {
        path: '/subscribers',
        handle: nav({
          label: t.nav.subscribers,
          icon: Users,
          order: 20,
          badge: ChargesWaitingBadge,
          visible: creatorOnly,
        }),
        element: page(() => import('./routes/subscribers').then((m) => m.SubscribersRoute)),
      },
      {
        path: '/insights',
        element: page(() => import('./routes/insights').then((m) => m.InsightsRoute)),
      },
      {
        path: '/tips',
        handle: nav({ label: t.nav.tips, icon: HandCoins, order: 22, visible: creatorOnly }),
        element: page(() => import('./routes/tips').then((m) => m.TipsRoute)),
      },
      {
        path: '/broadcasts',
        handle: nav({
          label: t.nav.broadcasts,
          icon: Megaphone,
          order: 23,
          visible: creatorOnly,
        }),
        element: page(() => import('./routes/broadcasts').then((m) => m.BroadcastsRoute)),
      },
      {
        path: '/finance',
        handle: nav({
          label: financeNav.nav,
          icon: Wallet,
          order: 25,
          activeWithin: '/finance',
          visible: creatorOnly,
        }),
        element: page(() => import('./routes/finance').then((m) => m.FinanceRoute), {
          sections: financeSections,
        }),
        children: financeRoutes,
      },
      {
        path: '/subscriptions',
        handle: nav({
          label: t.userMenu.mySubscriptions,
          icon: CreditCard,
          order: 18,
          visible: fanOnly,
        }),
        element: page(() =>
          import('./routes/my-subscriptions').then((m) => m.MySubscriptionsRoute),
        ),
      },
      {
        path: '/purchases',
        element: page(() => import('./routes/my-purchases').then((m) => m.MyPurchasesRoute)),
      },
      {
        path: '/account',
        element: page(() => import('./routes/account').then((m) => m.AccountRoute)),
      },
      {
        path: '/workspaces/new',
        element: page(() => import('./routes/workspace-new').then((m) => m.WorkspaceNewRoute)),
      },
      {
        path: '/files',
        handle: nav({ label: filesNav.nav, icon: FolderOpen, order: 27, visible: creatorOnly }),
        element: page(() => import('./routes/files').then((m) => m.FilesRoute)),
      },
      {
        path: '/verification/:username',
        element: page(() => import('./routes/verification').then((m) => m.VerificationRoute)),
      },
      {
        path: '/invitation/:id',
        element: page(() => import('./routes/invitation').then((m) => m.InvitationRoute)),
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
        element: page(() => import('./routes/settings').then((m) => m.SettingsLayout), {
          sections: settingsSections,
        }),
        children: settingsRoutes,
      },
    ],
  },
  {
    path: '*',
    element: page(() => import('./routes/not-found').then((m) => m.NotFoundRoute)),
  },
];

/**
 * The shell's navigation: Overview, Encontrar criadores, Mensagens, Assinantes, Finanças, Arquivos,
 * Perfil, Configurações (spec section 2, issues 9, 10, 24 and 34); a fan's workspace has
 * 'Minhas assinaturas' in place of the creator's places.
 */
export const shellNav = collectNav(shellRoutes);

/**
 * What runs beside every page of the signed-in shell, each loaded after it: the chat's live
 * events, the count of Pix waiting for the owner.
 */
const shellServices = [
  lazy(() => import('@/features/chat/components/chat-live').then((m) => ({ default: m.ChatLive }))),
  lazy(() => import('@/lib/charges-waiting').then((m) => ({ default: m.ChargesWaiting }))),
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      // public account and legal pages, without the app shell
      {
        path: '/login',
        element: page(() => import('./routes/login').then((m) => m.LoginRoute)),
      },
      {
        path: '/signup',
        element: page(() => import('./routes/signup').then((m) => m.SignupRoute)),
      },
      {
        path: '/reset-password',
        element: page(() => import('./routes/reset-password').then((m) => m.ResetPasswordRoute)),
      },
      {
        path: '/account/email',
        element: page(() => import('./routes/account-email').then((m) => m.AccountEmailRoute)),
      },
      {
        path: '/confirm-email',
        element: page(() => import('./routes/confirm-email').then((m) => m.ConfirmEmailRoute)),
      },
      {
        path: '/privacy-policy',
        element: page(() => import('./routes/privacy-policy').then((m) => m.PrivacyPolicyRoute)),
      },
      {
        path: '/unsubscribe',
        element: page(() => import('./routes/unsubscribe').then((m) => m.UnsubscribeRoute)),
      },
      {
        path: '/contacts/confirm',
        element: page(() => import('./routes/contact-confirm').then((m) => m.ContactConfirmRoute)),
      },
      {
        path: '/terms',
        element: page(() => import('./routes/terms').then((m) => m.TermsRoute)),
      },
      {
        // the shell's code loads with the first page that shows it, not with the sign-in screens
        element: page(() => import('@/components/layout/app-shell').then((m) => m.AppShell), {
          menu: shellNav,
          services: shellServices,
        }),
        children: shellRoutes,
      },
    ],
  },
];
