import { Menu, Search } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';
import { useChatUnreadCount } from '@/lib/chat-unread';
import { useChargesWaitingCount, useUnreadCount } from '@/lib/unread-count';
import { useSession } from '@/lib/session';
import { preloadable } from '@/lib/preload';
import { useIsWideLayout } from '@/lib/use-media-query';
import { Brand } from './brand';
import type { NavMenu } from './nav-items';
import { NavList } from './nav-list';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

// the phone's slide-in panel (Radix Dialog) is fetched after the page, so that it opens offline
const mobileMenu = preloadable(() => import('./mobile-menu'));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

function SkipLink() {
  return (
    <a
      href="#conteudo"
      className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t.nav.skipToContent}
    </a>
  );
}

/** ≥ 768 px: the fixed sidebar. */
function Sidebar({ menu }: { menu: NavMenu }) {
  return (
    <aside
      data-testid="sidebar"
      className="fixed inset-y-0 left-0 z-30 flex w-60 flex-col border-r border-sidebar-border bg-sidebar lg:w-64"
    >
      <div className="flex h-16 items-center px-5">
        <Brand />
      </div>
      <div className="px-3 pb-3">
        <WorkspaceSwitcher />
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-2">
        <NavList menu={menu} />
      </div>
      <div className="border-t border-sidebar-border p-3">
        <UserMenu />
      </div>
    </aside>
  );
}

/** < 768 px: the top bar with a menu button that opens the same entries in a left panel. */
function TopBar({ menu }: { menu: NavMenu }) {
  const [open, setOpen] = useState(false);
  // the panel is mounted on the first press (once its code is in) and stays mounted from then on
  const [loaded, setLoaded] = useState(false);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  const unread = useUnreadCount();
  const waiting = useChargesWaitingCount();
  // what waits behind the menu: unread conversations, Pix to confirm (issue 34)
  const behindMenu = [
    unread > 0 ? t.nav.unreadChats(unread) : null,
    waiting > 0 ? t.nav.chargesWaiting(waiting) : null,
  ].filter(Boolean);
  const menuReady = mobileMenu.useReady();
  mobileMenu.usePreload();
  // close the panel when the route changes (e.g. browser back)
  if (open && openedAt !== pathname) {
    setOpen(false);
  }
  return (
    <header
      data-testid="topbar"
      className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70"
    >
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={[t.nav.openMenu, ...behindMenu].join(', ')}
        aria-expanded={open}
        onPointerEnter={mobileMenu.load}
        onClick={() => {
          mobileMenu.load();
          setOpenedAt(pathname);
          setOpen(true);
          setLoaded(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
        {behindMenu.length > 0 ? (
          <span
            aria-hidden
            data-testid="menu-unread-dot"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary ring-2 ring-background"
          />
        ) : null}
      </Button>
      {loaded && menuReady ? (
        <Suspense fallback={null}>
          <MobileMenu
            menu={menu}
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (next) setOpenedAt(pathname);
            }}
            onNavigate={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
      <Brand className="mr-auto" />
      {/* the search for creators, one tap away on a phone (issue 34) */}
      <Button asChild variant="ghost" size="icon" className="size-11">
        <Link to="/explore" aria-label={t.nav.searchCreators}>
          <Search className="size-5" aria-hidden />
        </Link>
      </Button>
      <UserMenu compact />
    </header>
  );
}

/**
 * The signed-in frame: sidebar (≥ 768 px) or top bar + slide-in panel (< 768 px), switching live
 * on resize. Without a stored token the navigation is hidden and only the page shows. `menu` is
 * the route table's entries (`collectNav` in src/app/routes.tsx); `services` are components
 * without a view that run while a signed-in user is in the shell (the chat's live events), each
 * loaded on its own (`lazy`) after the page.
 */
export function AppShell({
  menu,
  services = [],
  children,
}: {
  menu: NavMenu;
  services?: ComponentType[];
  children?: ReactNode;
}) {
  const { token } = useSession();
  const wide = useIsWideLayout();
  const content = children ?? <Outlet />;
  // the unread conversations for the 'Mensagens' entry, the menu button and the tab's title
  useChatUnreadCount();

  if (!token) {
    return (
      <main id="conteudo" className="min-h-dvh">
        {content}
      </main>
    );
  }

  return (
    <div className="min-h-dvh" data-layout={wide ? 'wide' : 'narrow'}>
      <SkipLink />
      {wide ? <Sidebar menu={menu} /> : <TopBar menu={menu} />}
      {/* below the phone's top bar (h-14), a page of the screen's height does not scroll */}
      <main
        id="conteudo"
        tabIndex={-1}
        className="min-h-[calc(100dvh-3.5rem)] outline-none md:min-h-dvh md:pl-60 lg:pl-64"
      >
        {content}
      </main>
      {/* a service whose code cannot arrive (offline) is left out, never takes the page down */}
      <ErrorBoundary resetKey={token} fallback={null}>
        <Suspense fallback={null}>
          {services.map((Service, i) => (
            <Service key={i} />
          ))}
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
