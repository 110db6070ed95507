import { EXTENSION_TYPES } from '@fa-clube/contract';
import type { ExtensionType } from '@fa-clube/contract';
import { AppError } from '../../lib/errors';
import { isValidSegment } from '../../lib/storage/keys';

/**
 * Workspace-relative file paths (`uploads/2026/11/<uuid>.jpg`) and their
 * storage keys (`workspaces/<wsId>/files/<path>`). Clients only ever see and
 * send the relative path; the workspace prefix is always added here.
 */
export const workspaceFilesPrefix = (workspaceId: string) => `workspaces/${workspaceId}/files/`;
export const workspaceFileKey = (workspaceId: string, filePath: string) =>
  workspaceFilesPrefix(workspaceId) + filePath;

/**
 * The storage key a quota row (workspace_objects.file_path) stands for: the file
 * store's rows hold the workspace-relative path; rows of files kept elsewhere in
 * the workspace (identity verification) hold their whole key, which starts with
 * `workspaces/` — a first segment no file-store path may have (RESERVED_FIRST).
 */
export const quotaRowKey = (workspaceId: string, filePath: string) =>
  filePath.startsWith('workspaces/') ? filePath : workspaceFileKey(workspaceId, filePath);

/** First segments a client path may not start with (they look like storage prefixes). */
const RESERVED_FIRST = new Set(['workspaces', 'users', 'public', 'incoming']);
const MAX_PATH = 512;

export const invalidPath = (
  message = 'Caminho de arquivo inválido. Use nomes simples separados por "/", sem "..".',
) => new AppError('INVALID_PATH', message, { errors: [{ field: 'file_path', message }] });

function segments(input: string, kind: 'file' | 'folder'): string[] {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(input)) throw invalidPath();
  const value = input.trim().normalize('NFC');
  if (value.startsWith('/') || /^[a-zA-Z]:/.test(value)) throw invalidPath();
  if (value.length > MAX_PATH) throw invalidPath('Caminho muito longo.');
  let parts = value.split('/');
  if (kind === 'folder' && parts.at(-1) === '') parts = parts.slice(0, -1);
  if (parts.length === 0 || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw invalidPath();
  if (!parts.every(isValidSegment)) throw invalidPath();
  if (RESERVED_FIRST.has(parts[0]!.toLowerCase()))
    throw invalidPath(`Caminhos não podem começar com "${parts[0]}/".`);
  return parts;
}

/** A file path: normalised, relative, confined to the workspace. Throws 400 INVALID_PATH. */
export function normalizeFilePath(input: string): string {
  return segments(input, 'file').join('/');
}

/** A folder path as a prefix (`a/b/`); '' (or '/') is the root. Throws 400 INVALID_PATH. */
export function normalizeFolderPrefix(input: string | undefined): string {
  const value = (input ?? '').trim();
  if (value === '' || value === '/') return '';
  return `${segments(value, 'folder').join('/')}/`;
}

/** The accepted extension of a path (lower case), or null. */
export function extensionOf(filePath: string): ExtensionType | null {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return (EXTENSION_TYPES as readonly string[]).includes(ext) ? (ext as ExtensionType) : null;
}
