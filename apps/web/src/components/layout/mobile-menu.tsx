import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { t } from '@/i18n/pt-BR';
import { BrandName } from './brand';
import type { NavMenu } from './nav-items';
import { NavList } from './nav-list';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/** < 768 px: the shell's entries in a panel sliding in from the left (app-shell.tsx's top bar). */
export function MobileMenu({
  menu,
  open,
  onOpenChange,
  onNavigate,
}: {
  menu: NavMenu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: () => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
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
          <NavList menu={menu} onNavigate={onNavigate} />
        </div>
        <div className="border-t border-sidebar-border p-3">
          <UserMenu />
        </div>
      </SheetContent>
    </Sheet>
  );
}
