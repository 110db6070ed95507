import { useRef } from 'react';
import type { ComponentProps, FocusEvent, ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { OpenedBy } from '@/components/ui/menu-on-demand';

/**
 * The Radix menu of a `useMenuOnDemand` trigger, in the code loaded on first open: shown open
 * around the same trigger. Not modal: a modal menu hides the page (aria-hidden) while focus may
 * still be in it. Radix focuses the content when it opens, and the first item only when its own
 * trigger saw the key: after a key on the plain trigger (`openedBy` 'keyboard'), the first item
 * takes the focus on that first opening.
 */
export function LoadedDropdownMenu({
  trigger,
  openedBy,
  ...content
}: { trigger: ReactElement; openedBy: OpenedBy } & Omit<
  ComponentProps<typeof DropdownMenuContent>,
  'onFocus'
>) {
  const done = useRef(openedBy !== 'keyboard');
  const focusFirstItem = (event: FocusEvent<HTMLElement>) => {
    if (done.current || event.target !== event.currentTarget) return;
    done.current = true;
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  };
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent {...content} onFocus={focusFirstItem} />
    </DropdownMenu>
  );
}
