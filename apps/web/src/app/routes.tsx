import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { Spinner } from '@/components/ui/spinner';
import { RequireAuth } from './guards';
import { Root } from './root';
import { RouteError } from './routes/route-error';

/**
 * The route table (spec section 2). Each page is its own file under routes/, loaded on demand.
 *
 * To add a page: create `routes/<name>.tsx` exporting a component, then add a line here —
 * inside `RequireAuth` when it needs a signed-in user, inside `AppShell` when it shows the
 * navigation:  { path: '/x', lazy: () => import('./routes/x').then((m) => ({ Component: m.XRoute })) }
 */
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
        path: '/privacy-policy',
        lazy: () =>
          import('./routes/privacy-policy').then((m) => ({ Component: m.PrivacyPolicyRoute })),
      },
      {
        path: '/terms',
        lazy: () => import('./routes/terms').then((m) => ({ Component: m.TermsRoute })),
      },
      {
        element: <AppShell />,
        children: [
          // not guarded here
          {
            path: '/dashboard',
            lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: '/profile',
            lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            path: '/profile/:username',
            lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/',
                lazy: () =>
                  import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
              },
              {
                path: '/subscribers',
                lazy: () =>
                  import('./routes/subscribers').then((m) => ({ Component: m.SubscribersRoute })),
              },
              {
                path: '/invitation/:id',
                lazy: () =>
                  import('./routes/invitation').then((m) => ({ Component: m.InvitationRoute })),
              },
              {
                path: '/settings',
                lazy: () =>
                  import('./routes/settings').then((m) => ({ Component: m.SettingsLayout })),
                children: [
                  { index: true, element: <Navigate to="/settings/workspace" replace /> },
                  {
                    path: 'workspace',
                    lazy: () =>
                      import('./routes/settings-workspace').then((m) => ({
                        Component: m.SettingsWorkspaceRoute,
                      })),
                  },
                  {
                    path: 'plans',
                    lazy: () =>
                      import('./routes/settings-plans').then((m) => ({
                        Component: m.SettingsPlansRoute,
                      })),
                  },
                  {
                    path: 'security',
                    lazy: () =>
                      import('./routes/settings-security').then((m) => ({
                        Component: m.SettingsSecurityRoute,
                      })),
                  },
                  {
                    path: 'members',
                    lazy: () =>
                      import('./routes/settings-members').then((m) => ({
                        Component: m.SettingsMembersRoute,
                      })),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];
