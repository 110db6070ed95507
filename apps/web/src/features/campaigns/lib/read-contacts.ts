import { CONTACT_NAME_MAX, Email } from '@fa-clube/contract';

export interface ReadContacts {
  /** Valid addresses (lower case), once each, with the name written beside them. */
  contacts: { email: string; name: string | null }[];
  /** Non-empty lines without a valid address (a header, a typo). */
  skipped: number;
}

/** What separates the cells of a contact line: CSV separators, quotes, `Nome <e-mail>`. */
const SEPARATORS = /[\s,;|"<>]+/;

/**
 * A list of contacts as people keep them: a CSV (`,` `;` or tab, with a header or not), one
 * address per line, or `Nome <e-mail>`. Each line's first valid e-mail is the contact; the rest
 * of the line, separators aside, its name.
 */
export function readContacts(text: string): ReadContacts {
  const byEmail = new Map<string, string | null>();
  let skipped = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.trim()) continue;
    const tokens = line.split(SEPARATORS).filter(Boolean);
    const email = tokens.find((token) => Email.safeParse(token.toLowerCase()).success);
    if (!email) {
      skipped++;
      continue;
    }
    const name = tokens
      .filter((token) => token !== email)
      .join(' ')
      .slice(0, CONTACT_NAME_MAX)
      .trim();
    byEmail.set(email.toLowerCase(), name || null);
  }
  return { contacts: [...byEmail].map(([email, name]) => ({ email, name })), skipped };
}

/** A file's text: UTF-8 when it is, else Windows-1252 (spreadsheets saved as "CSV" on Windows). */
export async function readTextFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
