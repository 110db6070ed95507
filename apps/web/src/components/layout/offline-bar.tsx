import { WifiOff } from 'lucide-react';
import { t } from '@/i18n/connection';
import { useOnline } from '@/lib/online';

/**
 * 'Sem conexão' at the bottom of the screen while the browser is offline, on every page; it goes
 * away by itself when the connection comes back (the pages then fetch again).
 */
export function OfflineBar() {
  const online = useOnline();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[90] flex justify-center p-3"
    >
      {online ? null : (
        <p
          data-testid="offline-bar"
          className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl bg-foreground px-4 py-3 text-sm text-background shadow-lg"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">{t.offline.title}.</strong> {t.offline.text}
          </span>
        </p>
      )}
    </div>
  );
}
