import { BadgeCheck, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Profile } from '@fa-clube/contract';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/content';

/** A cover, or a brand gradient when the creator has none. */
export function Cover({ url, label }: { url: string | null; label: string }) {
  return (
    <div
      className="relative -mx-4 h-36 overflow-hidden bg-gradient-to-br from-violet-600 via-fuchsia-500 to-amber-400 sm:mx-0 sm:h-48 sm:rounded-2xl md:h-56 dark:from-violet-800 dark:via-fuchsia-700 dark:to-amber-600"
      data-testid="profile-cover"
    >
      {url ? (
        <img src={url} alt={t.content.profile.coverAlt(label)} className="size-full object-cover" />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(255_255_255/0.25),transparent_45%),radial-gradient(circle_at_85%_70%,rgb(0_0_0/0.2),transparent_50%)]"
        />
      )}
    </div>
  );
}

interface ProfileHeaderProps {
  profile: Profile;
  /** 'Editar perfil' for the owner. */
  actions?: ReactNode;
  /** Shows the 'Assinado' badge by the name. */
  subscribed?: boolean;
  /** Beside the 'Assinado' badge ('Enviar mensagem'). */
  subscriberAction?: ReactNode;
}

/** Cover, avatar (or first letter), name, @username, description and the number of posts. */
export function ProfileHeader({
  profile,
  actions,
  subscribed,
  subscriberAction,
}: ProfileHeaderProps) {
  return (
    <header className="grid gap-4">
      <Cover url={profile.cover_url} label={profile.label} />
      <div className="-mt-14 flex items-end justify-between gap-3 px-1 sm:-mt-16 sm:px-6">
        <Avatar
          src={profile.avatar_url}
          name={profile.label}
          className="size-24 bg-background text-3xl ring-4 ring-background sm:size-28 sm:text-4xl"
        />
        {actions ? <div className="flex shrink-0 gap-2 pb-1">{actions}</div> : null}
      </div>
      <div className="grid gap-2 px-1 sm:px-6">
        <div className="grid gap-0.5">
          <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words md:text-[28px]">
              {profile.label}
            </h1>
            {subscribed ? (
              <Badge
                variant="success"
                className="px-2.5 py-1 text-[13px]"
                data-testid="subscribed-badge"
              >
                <BadgeCheck aria-hidden />
                {t.content.profile.subscribed}
              </Badge>
            ) : null}
            {subscribed ? subscriberAction : null}
          </div>
          <p className="text-[15px] text-muted-foreground">@{profile.username}</p>
        </div>
        {profile.description ? (
          <p className="max-w-2xl text-[15px] leading-relaxed break-words whitespace-pre-line">
            {profile.description}
          </p>
        ) : null}
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <FileText className="size-4" aria-hidden />
          <span>
            <strong className="font-semibold text-foreground tabular-nums">
              {profile.total_content.toLocaleString('pt-BR')}
            </strong>{' '}
            {profile.total_content === 1 ? t.content.profile.postWord : t.content.profile.postsWord}
          </span>
        </p>
      </div>
    </header>
  );
}
