import { Camera, ImageIcon } from 'lucide-react';
import { useRef } from 'react';
import type { RefObject } from 'react';
import type { Workspace } from '@fa-clube/contract';
import { IMAGE_CONTENT_TYPES } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { t } from '@/i18n/pt-BR';
import { cn, initialOf } from '@/lib/utils';
import { useImageUpload } from '../hooks/use-workspace-settings';
import { SettingsSection } from './settings-section';

const ACCEPT = IMAGE_CONTENT_TYPES.join(',');

/** A hidden file input: the visible buttons open its picker (images only). */
function ImageInput({
  inputRef,
  label,
  disabled,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPT}
      aria-label={label}
      disabled={disabled}
      tabIndex={-1}
      className="hidden"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

function UploadStatus({
  phase,
  percent,
  label,
  className,
}: {
  phase: 'uploading' | 'processing';
  percent: number;
  label: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-center justify-between gap-3 text-xs font-medium">
        <span>{phase === 'processing' ? t.workspaceSettings.processing : `${label}…`}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label={label} />
    </div>
  );
}

/**
 * Cover and avatar, each changed by clicking its button (file picker, images only), with an
 * immediate local preview, a progress bar while the bytes go up, then the processed image.
 */
export function ProfileImages({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const cover = useImageUpload(workspace, 'cover');
  const avatar = useImageUpload(workspace, 'avatar');
  const coverInput = useRef<HTMLInputElement>(null);
  const avatarInput = useRef<HTMLInputElement>(null);

  return (
    <SettingsSection
      title={t.workspaceSettings.imagesTitle}
      description={t.workspaceSettings.imagesHint}
    >
      <div className="grid gap-4">
        <div
          data-testid="cover"
          className="relative aspect-[16/7] overflow-hidden rounded-xl border bg-gradient-to-br from-violet-500/20 via-fuchsia-400/10 to-sky-400/10 sm:aspect-[16/5]"
        >
          {workspace.cover_url ? (
            <img
              key={workspace.cover_url}
              src={workspace.cover_url}
              alt={t.workspaceSettings.coverAlt}
              className="absolute inset-0 size-full object-cover"
              onLoad={cover.onServerImageSettled}
              onError={cover.onServerImageSettled}
            />
          ) : null}
          {cover.preview ? (
            <img
              src={cover.preview}
              alt={t.workspaceSettings.coverPreviewAlt}
              className="absolute inset-0 size-full object-cover"
            />
          ) : null}
          {!workspace.cover_url && !cover.preview ? (
            <div className="absolute inset-0 flex items-center justify-center text-muted-foreground">
              <ImageIcon className="size-8 opacity-60" aria-hidden />
            </div>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="absolute top-3 right-3 bg-card/90 backdrop-blur dark:bg-card/80"
            disabled={!canEdit || cover.busy}
            onClick={() => coverInput.current?.click()}
          >
            <Camera aria-hidden />
            {t.workspaceSettings.changeCover}
          </Button>
          {cover.phase !== 'idle' ? (
            <div className="absolute inset-0 flex items-center justify-center bg-black/25 px-4 pb-10 sm:pb-12">
              <UploadStatus
                phase={cover.phase}
                percent={cover.percent}
                label={t.workspaceSettings.uploadingCover}
                className="w-72 max-w-full rounded-lg bg-black/65 px-4 py-3 text-white shadow-lg backdrop-blur-sm [&_[data-slot=progress-indicator]]:bg-white [&_[data-slot=progress]]:bg-white/25"
              />
            </div>
          ) : null}
          <ImageInput
            inputRef={coverInput}
            label={t.workspaceSettings.coverInput}
            disabled={!canEdit || cover.busy}
            onFile={(file) => void cover.start(file)}
          />
        </div>

        <div className="flex flex-col gap-4 px-1 sm:flex-row sm:items-end sm:px-4">
          <div
            data-testid="avatar"
            className="relative -mt-14 size-24 shrink-0 overflow-hidden rounded-full bg-accent shadow-sm ring-4 ring-card sm:-mt-16 sm:size-28"
          >
            {workspace.avatar_url ? (
              <img
                key={workspace.avatar_url}
                src={workspace.avatar_url}
                alt={t.workspaceSettings.avatarAlt}
                className="absolute inset-0 size-full object-cover"
                onLoad={avatar.onServerImageSettled}
                onError={avatar.onServerImageSettled}
              />
            ) : (
              <span
                aria-hidden
                className="absolute inset-0 flex items-center justify-center text-3xl font-semibold text-accent-foreground"
              >
                {initialOf(workspace.label)}
              </span>
            )}
            {avatar.preview ? (
              <img
                src={avatar.preview}
                alt={t.workspaceSettings.avatarPreviewAlt}
                className="absolute inset-0 size-full object-cover"
              />
            ) : null}
            <ImageInput
              inputRef={avatarInput}
              label={t.workspaceSettings.avatarInput}
              disabled={!canEdit || avatar.busy}
              onFile={(file) => void avatar.start(file)}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:pb-1">
            <div className="grid min-w-0 leading-tight">
              <span className="truncate font-semibold">{workspace.label}</span>
              <span className="truncate text-sm text-muted-foreground">@{workspace.username}</span>
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="self-start sm:self-auto"
              disabled={!canEdit || avatar.busy}
              onClick={() => avatarInput.current?.click()}
            >
              <Camera aria-hidden />
              {t.workspaceSettings.changeAvatar}
            </Button>
          </div>
        </div>

        {avatar.phase !== 'idle' ? (
          <UploadStatus
            phase={avatar.phase}
            percent={avatar.percent}
            label={t.workspaceSettings.uploadingAvatar}
            className="sm:px-4"
          />
        ) : null}
        {cover.error || avatar.error ? (
          <p role="alert" className="text-[13px] text-destructive sm:px-4">
            {cover.error ?? avatar.error}
          </p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
