import { EXTENSION_KIND, EXTENSION_TYPES } from '@fa-clube/contract';
import type { ExtensionType, MediaKind } from '@fa-clube/contract';

/** The server's rule for one path segment: letters, digits, space and `._-()`, not starting with a dot or space. */
const SEGMENT = /^[\p{L}\p{N}_\-()][\p{L}\p{N} ._\-()]*$/u;
const MAX_SEGMENT = 120;

/** The accepted extension of a file name (lower case), or null. */
export function extensionOf(name: string): ExtensionType | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return (EXTENSION_TYPES as readonly string[]).includes(ext) ? (ext as ExtensionType) : null;
}

export function kindOf(name: string): MediaKind | null {
  const ext = extensionOf(name);
  return ext ? EXTENSION_KIND[ext] : null;
}

/**
 * A file name the store accepts, close to the original: 'Férias #1.JPG' → 'Férias -1.jpg'.
 * Characters outside the allowed set become '-', the extension is lower case.
 */
export function storableName(name: string, ext: ExtensionType): string {
  const dot = name.lastIndexOf('.');
  let base = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._\-()]/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[. ]+/, '')
    .slice(0, MAX_SEGMENT)
    .trim();
  if (!base) base = 'arquivo';
  return `${base}.${ext}`;
}

/** Whether a folder name is one segment the server accepts. */
export function isValidFolderName(name: string): boolean {
  const value = name.trim().normalize('NFC');
  return value.length > 0 && value.length <= MAX_SEGMENT && SEGMENT.test(value);
}

/** The folders of a prefix, for the breadcrumbs: 'a/b/' → [{ name: 'a', path: 'a/' }, { name: 'b', path: 'a/b/' }]. */
export function crumbsOf(prefix: string): { name: string; path: string }[] {
  const parts = prefix.split('/').filter(Boolean);
  return parts.map((name, i) => ({ name, path: `${parts.slice(0, i + 1).join('/')}/` }));
}

const sizeFormat = (digits: number) =>
  new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** 512 B, 1,5 KB, 12,3 MB, 1,02 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat(value < 10 ? 1 : 0).format(value)} ${units[unit]}`;
}
