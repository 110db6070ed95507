import { RefreshCw } from 'lucide-react';
import { t } from '@/i18n/pt-BR';
import { Button } from './button';
import { Card } from './card';

/** A section that failed to load: the message (announced) and 'Tentar novamente'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className="items-center gap-4 px-6 py-10 text-center">
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden />
        {t.common.retry}
      </Button>
    </Card>
  );
}
