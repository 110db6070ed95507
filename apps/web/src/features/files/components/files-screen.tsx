import type { FileEntry, FolderEntry } from '@fa-clube/contract';
import {
  ChevronRight,
  Download,
  Eye,
  FileImage,
  FileLock,
  FileVideo,
  Folder,
  FolderOpen,
  FolderPlus,
  MoreHorizontal,
  Trash2,
  Upload,
} from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { StorageMeter } from '@/components/storage-meter';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { fetchFileUrl } from '../api/files-api';
import { useDeleteFile, useFilesWorkspace, useFolder, useUploads } from '../hooks/use-files';
import { crumbsOf, formatBytes, kindOf } from '../lib/file-names';
import { t } from '../strings';
import { UploadList } from './upload-list';

// the dialogs (Radix Dialog, the folder form, the preview) load when one opens, not with the page
const FolderDialog = lazy(() =>
  import('./folder-dialog').then((m) => ({ default: m.FolderDialog })),
);
const PreviewDialog = lazy(() =>
  import('./preview-dialog').then((m) => ({ default: m.PreviewDialog })),
);

const ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,.jpg,.jpeg,.png,.webp,.mp4';

/** The folder in the address (`/files?pasta=fotos/2026/`), so Back and links keep it. */
function useCurrentFolder() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('pasta') ?? '';
  const prefix = raw === '' || raw.endsWith('/') ? raw : `${raw}/`;
  const open = (path: string) => setParams(path ? { pasta: path } : {});
  return { prefix, open };
}

const folderHref = (path: string) =>
  path ? `/files?${new URLSearchParams({ pasta: path }).toString()}` : '/files';

/**
 * /files ('Arquivos'): the workspace's file store one folder at a time, with the folders as
 * breadcrumbs. The owner uploads (several files, drag and drop, with progress), creates folders
 * and deletes files; members look and download.
 */
export function FilesScreen() {
  const { ws, isOwner } = useFilesWorkspace();
  const { prefix, open } = useCurrentFolder();
  const folder = useFolder(ws, prefix);
  const uploads = useUploads(ws);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [creating, setCreating] = useState(false);
  const [preview, setPreview] = useState<FileEntry | null>(null);

  const send = async (files: readonly File[]) => {
    if (files.length === 0) return;
    const sent = await uploads.start(files, prefix);
    if (sent > 0) toast.success(t.files.uploadDone(sent));
  };

  const dropProps = isOwner
    ? {
        onDragEnter: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        },
        onDragOver: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: (e: DragEvent) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          setDragging(false);
          void send([...e.dataTransfer.files]);
        },
      }
    : {};

  const actions = isOwner ? (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setCreating(true)} disabled={!ws}>
        <FolderPlus aria-hidden />
        {t.files.newFolder}
      </Button>
      <Button onClick={() => input.current?.click()} disabled={!ws}>
        <Upload aria-hidden />
        {t.files.upload}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t.files.fileInput}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void send(files);
        }}
      />
    </div>
  ) : null;

  const empty = folder.data && folder.data.files.length === 0 && folder.data.folders.length === 0;

  return (
    <Page>
      <PageHeader title={t.files.title} description={t.files.description} actions={actions} />
      {ws ? (
        <section
          aria-label={t.files.storage}
          className="rounded-xl border bg-card p-4 shadow-xs sm:max-w-md"
        >
          <StorageMeter workspaceId={ws} />
        </section>
      ) : null}
      <Breadcrumbs prefix={prefix} />
      <UploadList items={uploads.items} onClear={uploads.clear} />
      <div {...dropProps} className="relative" data-testid="files-dropzone">
        {dragging ? (
          <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-background/90 p-6 text-center text-sm font-medium text-primary">
            {t.files.dropHere}
          </div>
        ) : null}
        {!ws || folder.isPending ? (
          <div className="grid gap-2" aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16 rounded-xl" />
            ))}
          </div>
        ) : folder.isError ? (
          <LoadError message={t.files.loadError} onRetry={() => void folder.refetch()} />
        ) : empty ? (
          <EmptyState
            icon={FolderOpen}
            title={t.files.emptyTitle}
            description={isOwner ? t.files.emptyText : t.files.emptyTextMember}
            className={cn(isOwner && 'min-h-64')}
          />
        ) : (
          <div className="grid gap-3">
            <p className="text-[13px] text-muted-foreground">
              {t.files.items(folder.data.folders.length, folder.data.files.length)}
            </p>
            <ul className="grid gap-2" aria-label={t.files.title}>
              {folder.data.folders.map((entry) => (
                <FolderRow key={entry.path} folder={entry} />
              ))}
              {folder.data.files.map((file) => (
                <FileRow
                  key={file.path}
                  ws={ws}
                  file={file}
                  isOwner={isOwner}
                  onPreview={() => setPreview(file)}
                />
              ))}
            </ul>
            {folder.data.truncated ? (
              <p className="text-[13px] text-muted-foreground">{t.files.truncated}</p>
            ) : null}
          </div>
        )}
        {isOwner && !empty ? (
          <p className="mt-4 hidden text-center text-[13px] text-muted-foreground md:block">
            {t.files.dropHint}
          </p>
        ) : isOwner ? (
          <p className="mt-4 text-center text-[13px] text-muted-foreground">{t.files.dropHint}</p>
        ) : null}
      </div>
      {creating && ws ? (
        <Suspense fallback={null}>
          <FolderDialog
            ws={ws}
            prefix={prefix}
            onClose={() => setCreating(false)}
            onCreated={(path) => {
              setCreating(false);
              open(path);
            }}
          />
        </Suspense>
      ) : null}
      {preview && ws ? (
        <Suspense fallback={null}>
          <PreviewDialog ws={ws} file={preview} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </Page>
  );
}

function Breadcrumbs({ prefix }: { prefix: string }) {
  const crumbs = crumbsOf(prefix);
  return (
    <nav aria-label={t.files.breadcrumb} className="mb-4 min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li className="flex items-center">
          {crumbs.length === 0 ? (
            <span aria-current="page" className="px-1 font-semibold">
              {t.files.root}
            </span>
          ) : (
            <Link
              to={folderHref('')}
              className="rounded px-1 text-muted-foreground hover:text-foreground hover:underline"
            >
              {t.files.root}
            </Link>
          )}
        </li>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path} className="flex min-w-0 items-center gap-1">
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="truncate px-1 font-semibold">
                {crumb.name}
              </span>
            ) : (
              <Link
                to={folderHref(crumb.path)}
                className="truncate rounded px-1 text-muted-foreground hover:text-foreground hover:underline"
              >
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

const rowClass =
  'flex min-h-16 items-center gap-3 rounded-xl border bg-card px-3 py-2.5 shadow-xs sm:px-4';

function FolderRow({ folder }: { folder: FolderEntry }) {
  return (
    <li>
      <Link
        to={folderHref(folder.path)}
        className={cn(rowClass, 'transition-colors hover:bg-accent/60')}
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Folder className="size-5" aria-hidden />
        </span>
        <span className="grid min-w-0 flex-1">
          <span className="truncate font-medium">{folder.name}</span>
          <span className="text-[13px] text-muted-foreground" aria-hidden>
            {t.files.folder}
          </span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      </Link>
    </li>
  );
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function FileRow({
  ws,
  file,
  isOwner,
  onPreview,
}: {
  ws: string;
  file: FileEntry;
  isOwner: boolean;
  onPreview: () => void;
}) {
  const kind = kindOf(file.name);
  const Icon = kind === 'video' ? FileVideo : FileImage;
  const remove = useDeleteFile(ws);
  const [confirming, setConfirming] = useState(false);
  /** The server refused: the file is in a post or a message (FILE_IN_USE), said in the dialog. */
  const [inUse, setInUse] = useState<string | null>(null);
  const onConfirmingChange = (open: boolean) => {
    setConfirming(open);
    if (!open) setInUse(null);
  };

  const download = async () => {
    try {
      const { url } = await fetchFileUrl(ws, file.path);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      link.rel = 'noopener';
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  // mutateAsync, not mutate's callbacks: the refreshed list drops this row (and unmounts it)
  // as soon as the file is gone, and TanStack skips mutate's callbacks after an unmount.
  const confirmRemove = () => {
    void remove.mutateAsync(file.path).then(
      () => {
        setConfirming(false);
        toast.success(t.files.removed);
      },
      (error: unknown) => {
        // in use: the dialog stays and says where (deleting it would leave a broken image)
        if (hasErrorCode(error, 'FILE_IN_USE')) {
          setInUse(error.message);
          return;
        }
        setConfirming(false);
        toast.error(errorMessage(error));
      },
    );
  };

  return (
    <li className={rowClass} data-testid="file-row">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg',
          kind === 'video'
            ? 'bg-secondary text-secondary-foreground'
            : 'bg-primary/10 text-primary dark:bg-primary/20',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <button
        type="button"
        onClick={onPreview}
        className="grid min-w-0 flex-1 rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="truncate font-medium">{file.name}</span>
        <span className="truncate text-[13px] text-muted-foreground tabular-nums">
          {t.files.kind[kind ?? 'other']} · {formatBytes(file.size)}
          <span className="hidden sm:inline">
            {' '}
            · {dateFormat.format(new Date(file.updated_at))}
          </span>
        </span>
      </button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className="shrink-0 text-muted-foreground"
            aria-label={t.files.actions(file.name)}
          >
            <MoreHorizontal className="size-5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem onSelect={onPreview}>
            <Eye aria-hidden />
            {t.files.preview}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download()}>
            <Download aria-hidden />
            {t.files.download}
          </DropdownMenuItem>
          {isOwner ? (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              {t.files.remove}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {isOwner ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={onConfirmingChange}
          pending={remove.isPending}
          title={t.files.removeTitle}
          description={t.files.removeText(file.name)}
          confirmLabel={t.files.removeConfirm}
          destructive
          onConfirm={confirmRemove}
        >
          {inUse ? (
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive-text"
            >
              <FileLock aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div className="grid gap-1">
                <p className="font-medium">{t.files.inUseTitle}</p>
                <p>{inUse}</p>
              </div>
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
