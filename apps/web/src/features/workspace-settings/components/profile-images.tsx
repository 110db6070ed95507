import { Camera, ImageIcon } from 'lucide-react';
import { useRef } from 'react';
import type { Workspace } from '@fa-clube/contract';
import { IMAGE_CONTENT_TYPES } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { t } from '../strings';
import { cn, initialOf } from '@/lib/utils';
import type { ImageKind } from '../api/workspace-api';
import { useImageUpload } from '../hooks/use-workspace-settings';
import { SettingsSection } from './settings-section';

const ACCEPT = IMAGE_CONTENT_TYPES.join(',');

type ImageUpload = ReturnType<typeof useImageUpload>;

/** The saved image under the local preview of the new one while it goes up. */
function ImageLayers({
  kind,
  url,
  upload,
}: {
  kind: ImageKind;
  url: string | null;
  upload: ImageUpload;
}) {
  const texts = t.workspaceSettings.images[kind];
  return (
    <>
      {url ? (
        <img
          key={url}
          src={url}
          alt={texts.alt}
          className="absolute inset-0 size-full object-cover"
          onLoad={upload.onServerImageSettled}
          onError={upload.onServerImageSettled}
        />
      ) : null}
      {upload.preview ? (
        <img
          src={upload.preview}
          alt={texts.previewAlt}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </>
  );
}

/** 'Alterar capa' / 'Alterar foto' and the hidden file input it opens (images only). */
function ChangeImageButton({
  kind,
  upload,
  canEdit,
  className,
}: {
  kind: ImageKind;
  upload: ImageUpload;
  canEdit: boolean;
  className?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const texts = t.workspaceSettings.images[kind];
  const disabled = !canEdit || upload.busy;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className={className}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        <Camera aria-hidden />
        {texts.change}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        aria-label={texts.input}
        disabled={disabled}
        tabIndex={-1}
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload.start(file);
        }}
      />
    </>
  );
}

/** 'Enviando …' with the percentage and the bar, then 'Processando…'. */
function UploadStatus({
  kind,
  upload,
  className,
}: {
  kind: ImageKind;
  upload: ImageUpload;
  className?: string;
}) {
  const label = t.workspaceSettings.images[kind].uploading;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-center justify-between gap-3 text-xs font-medium">
        <span>{upload.phase === 'processing' ? t.workspaceSettings.processing : `${label}…`}</span>
        <span className="tabular-nums">{upload.percent}%</span>
      </div>
      <Progress value={upload.percent} aria-label={label} />
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
          <ImageLayers kind="cover" url={workspace.cover_url} upload={cover} />
          {!workspace.cover_url && !cover.preview ? (
            <div className="absolute inset-0 flex items-center justify-center text-muted-foreground">
              <ImageIcon className="size-8 opacity-60" aria-hidden />
            </div>
          ) : null}
          <ChangeImageButton
            kind="cover"
            upload={cover}
            canEdit={canEdit}
            className="absolute top-3 right-3 bg-card/90 backdrop-blur dark:bg-card/80"
          />
          {cover.phase !== 'idle' ? (
            <div className="absolute inset-0 flex items-center justify-center bg-black/25 px-4 pb-10 sm:pb-12">
              <UploadStatus
                kind="cover"
                upload={cover}
                className="w-72 max-w-full rounded-lg bg-black/65 px-4 py-3 text-white shadow-lg backdrop-blur-sm [&_[data-slot=progress-indicator]]:bg-white [&_[data-slot=progress]]:bg-white/25"
              />
            </div>
          ) : null}
        </div>

        <div className="flex flex-col gap-4 px-1 sm:flex-row sm:items-end sm:px-4">
          <div
            data-testid="avatar"
            className="relative -mt-14 size-24 shrink-0 overflow-hidden rounded-full bg-accent shadow-sm ring-4 ring-card sm:-mt-16 sm:size-28"
          >
            {workspace.avatar_url ? null : (
              <span
                aria-hidden
                className="absolute inset-0 flex items-center justify-center text-3xl font-semibold text-accent-foreground"
              >
                {initialOf(workspace.label)}
              </span>
            )}
            <ImageLayers kind="avatar" url={workspace.avatar_url} upload={avatar} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:pb-1">
            <div className="grid min-w-0 leading-tight">
              <span className="truncate font-semibold">{workspace.label}</span>
              <span className="truncate text-sm text-muted-foreground">@{workspace.username}</span>
            </div>
            <ChangeImageButton
              kind="avatar"
              upload={avatar}
              canEdit={canEdit}
              className="self-start sm:self-auto"
            />
          </div>
        </div>

        {avatar.phase !== 'idle' ? (
          <UploadStatus kind="avatar" upload={avatar} className="sm:px-4" />
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
