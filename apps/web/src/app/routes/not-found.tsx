import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** Any unknown address. */
export function NotFoundRoute() {
  return (
    <StatusScreen
      icon={Compass}
      eyebrow={t.notFound.code}
      title={t.notFound.title}
      text={t.notFound.text}
      action={
        <Button asChild>
          <Link to="/">{t.notFound.home}</Link>
        </Button>
      }
      className="min-h-[70dvh]"
    />
  );
}
