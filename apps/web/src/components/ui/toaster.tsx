import { CircleAlert, CircleCheck, XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { t } from '@/i18n/pt-BR';
import { cn } from '@/lib/utils';
import { TOAST_DURATION_MS, toast, useToastState } from './use-toast';

/** Shows the current toast (see use-toast.ts); loaded by ToastOutlet with the first one. */
export function Toaster() {
  const item = useToastState();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      label={t.common.notification}
    >
      {item ? (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) toast.dismiss(item.id);
          }}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          data-kind={item.kind}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border bg-popover p-4 pr-10 text-popover-foreground shadow-lg',
            'data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:slide-in-from-top-4 sm:data-[state=open]:slide-in-from-bottom-4',
            'data-[state=closed]:animate-out data-[state=closed]:fade-out-80 data-[state=closed]:slide-out-to-right-full',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=end]:animate-out data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
            item.kind === 'error' ? 'border-destructive/30' : 'border-success/30',
          )}
        >
          {item.kind === 'error' ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          )}
          <div className="grid min-w-0 gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {item.title}
            </ToastPrimitive.Title>
            <ToastPrimitive.Description className="text-sm leading-snug break-words text-muted-foreground">
              {item.message}
            </ToastPrimitive.Description>
          </div>
          <ToastPrimitive.Close
            aria-label={t.common.close}
            className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground opacity-70 transition-opacity outline-none hover:bg-accent hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <XIcon className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[400px]" />
    </ToastPrimitive.Provider>
  );
}
