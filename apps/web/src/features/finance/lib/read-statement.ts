import Papa from 'papaparse';

/**
 * Reading a bank statement in the browser, before anything is sent: the bytes as a `data:` URL
 * (POST .../format takes their base64, so the server detects the encoding — decision 020) and,
 * for a CSV, its header and first rows for the column mapping. The server reads the whole file;
 * this only finds what the mapping screen shows.
 */

/** The file as a base64 `data:` URL, with the reading's progress (0..100). */
export function readAsDataUrl(file: Blob, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    reader.onload = () => {
      onProgress(100);
      resolve(String(reader.result));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The text of a data URL's bytes: a BOM says the encoding, else UTF-8 when valid, else Windows-1252. */
export function decodeDataUrl(dataUrl: string): string {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** OFX 1.x (SGML header) or 2.x (XML), and QFX: the columns come from the file itself. */
export const isOfx = (text: string) => /^\s*OFXHEADER/i.test(text) || /<OFX>/i.test(text);

/** How many records may come before the header (bank, account and period lines). */
const PREAMBLE_MAX = 30;
const PREVIEW_ROWS = 5;

export interface CsvTop {
  header: string[];
  /** The first rows under the header, as written. */
  rows: string[][];
}

/** The most common number of cells among the records that have at least two. */
function usualWidth(records: string[][]): number {
  const counts = new Map<number, number>();
  for (const r of records) if (r.length >= 2) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [width, n] of counts)
    if (n > bestCount || (n === bestCount && width > best)) [best, bestCount] = [width, n];
  return best;
}

/**
 * The header of a CSV statement and its first rows: under `;` or `,` (whichever gives the
 * wider table), the first record as wide as the table, after the preamble. Null when neither
 * gives a table of two columns or more.
 */
export function readCsvTop(text: string): CsvTop | null {
  let found: { width: number; records: string[][] } | null = null;
  for (const delimiter of [';', ','] as const) {
    const { data } = Papa.parse<string[]>(text, {
      delimiter,
      preview: PREAMBLE_MAX + PREVIEW_ROWS + 1,
      skipEmptyLines: 'greedy',
    });
    const records = data.map((r) => r.map((cell) => cell.trim()));
    const width = usualWidth(records);
    if (width >= 2 && (!found || width > found.width)) found = { width, records };
  }
  if (!found) return null;
  const at = found.records.findIndex((r) => r.length >= found.width && r.some(Boolean));
  if (at < 0 || at > PREAMBLE_MAX) return null;
  return {
    header: found.records[at]!,
    rows: found.records.slice(at + 1, at + 1 + PREVIEW_ROWS),
  };
}
