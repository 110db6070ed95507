import { UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/content';

/** 'Perfil não encontrado': an unknown username. */
export function ProfileNotFound({ username }: { username: string }) {
  return (
    <StatusScreen
      icon={UserRoundX}
      title={t.content.profile.notFoundTitle}
      text={t.content.profile.notFoundText(username)}
      action={
        <Button asChild>
          <Link to="/">{t.content.profile.goHome}</Link>
        </Button>
      }
      className="min-h-[60dvh]"
    />
  );
}
