import { Menu } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { t } from '@/i18n/pt-BR';
import { useSession } from '@/lib/session';
import { useIsWideLayout } from '@/lib/use-media-query';
import { Brand, BrandName } from './brand';
import type { NavMenu } from './nav-items';
import { NavList } from './nav-list';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

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
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // close the panel when the route changes (e.g. browser back)
  if (open && openedAt !== pathname) {
    setOpen(false);
  }
  return (
    <header
      data-testid="topbar"
      className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70"
    >
      <Sheet
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setOpenedAt(pathname);
        }}
      >
        <Button
          variant="ghost"
          size="icon"
          aria-label={t.nav.openMenu}
          aria-expanded={open}
          onClick={() => {
            setOpenedAt(pathname);
            setOpen(true);
          }}
        >
          <Menu className="size-5" aria-hidden />
        </Button>
        <SheetContent side="left" className="gap-0 p-0">
          <SheetHeader className="h-14 flex-row items-center border-b border-sidebar-border px-5 py-0">
            <SheetTitle>
              <BrandName />
            </SheetTitle>
            <SheetDescription className="sr-only">{t.nav.menuTitle}</SheetDescription>
          </SheetHeader>
          <div className="p-3">
            <WorkspaceSwitcher />
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-1">
            <NavList menu={menu} onNavigate={() => setOpen(false)} />
          </div>
          <div className="border-t border-sidebar-border p-3">
            <UserMenu />
          </div>
        </SheetContent>
      </Sheet>
      <Brand className="mr-auto" />
      <UserMenu compact />
    </header>
  );
}

/**
 * The signed-in frame: sidebar (≥ 768 px) or top bar + slide-in panel (< 768 px), switching live
 * on resize. Without a stored token the navigation is hidden and only the page shows. `menu` is
 * the route table's entries (`collectNav` in src/app/routes.tsx).
 */
export function AppShell({ menu, children }: { menu: NavMenu; children?: ReactNode }) {
  const { token } = useSession();
  const wide = useIsWideLayout();
  const content = children ?? <Outlet />;

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
      <main id="conteudo" tabIndex={-1} className="min-h-dvh outline-none md:pl-60 lg:pl-64">
        {content}
      </main>
    </div>
  );
}
