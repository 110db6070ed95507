import {
  EXTERNAL_ID_MAX,
  IMPORT_ROWS_MAX,
  TEXT_MAX,
  TRANSACTION_LABEL_MAX,
} from '@fa-clube/contract';
import { XMLParser } from 'fast-xml-parser';
import { parseAmount } from './amount';
import { parseDate } from './dates';
import { importFailure } from './types';
import type { ImportFailure, RowError, StatedBalance, StatementRow } from './types';

export interface OfxStatement {
  ok: true;
  /** OFX CURDEF of the (first) statement, e.g. BRL. */
  currency: string | null;
  rows: StatementRow[];
  errors: RowError[];
  /** LEDGERBAL of the (first) statement. */
  balance: StatedBalance | null;
}

/** An OFX 1.x (SGML) or 2.x (XML) file, QFX included: its header or its root tag. */
export function isOfx(text: string): boolean {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return (
    /^OFXHEADER\s*:/i.test(head) ||
    /^<OFX>/i.test(head) ||
    (/^<\?xml\b/i.test(head) && /<\?OFX\b|<OFX>/i.test(head))
  );
}

/**
 * OFX 1.x is SGML: leaf elements are not closed (`<TRNAMT>-45,90`), only
 * aggregates are. This closes every leaf so a real XML parser can read it, and
 * leaves OFX 2.x XML as it is. A tag is a leaf when text follows it, or when it
 * is never closed anywhere in the file (an empty `<MEMO>`); stray closing tags
 * are dropped and unclosed aggregates closed at their parent's end. Tag names
 * are upper-cased (SGML is case-insensitive); bare `&` are escaped.
 */
export function sgmlToXml(body: string): string {
  // two passes over the tokens (generated twice rather than kept: a hostile file may be
  // millions of them)
  const closedNames = new Set<string>();
  for (const token of markupTokens(body)) if (token.kind === 'close') closedNames.add(token.name);

  const out: string[] = [];
  const stack: string[] = [];
  let pending: { name: string; text: string } | null = null;
  let opened = 0;
  const emitLeaf = (name: string, text: string) =>
    out.push(`<${name}>${escapeText(text.trim())}</${name}>`);
  const flush = () => {
    if (!pending) return;
    if (pending.text.trim() || !closedNames.has(pending.name)) emitLeaf(pending.name, pending.text);
    else {
      if (stack.length >= MAX_DEPTH) throw new RangeError('OFX nested too deep');
      out.push(`<${pending.name}>`);
      stack.push(pending.name);
    }
    pending = null;
  };

  for (const token of markupTokens(body)) {
    if (token.kind === 'text') {
      // Text belongs to the tag just opened, if any; text between aggregates is dropped.
      if (pending) {
        pending.text += token.text;
        if (pending.text.length > LEAF_TEXT_MAX) throw new RangeError('OFX value too long');
      }
    } else if (token.kind === 'close') {
      if (pending && pending.name === token.name) {
        emitLeaf(token.name, pending.text);
        pending = null;
        continue;
      }
      flush();
      const at = stack.lastIndexOf(token.name);
      if (at >= 0) while (stack.length > at) out.push(`</${stack.pop()}>`);
    } else {
      flush();
      if (++opened > TAGS_MAX) throw new RangeError('OFX has too many elements');
      if (token.selfClosing) emitLeaf(token.name, '');
      else pending = { name: token.name, text: '' };
    }
  }
  flush();
  while (stack.length) out.push(`</${stack.pop()}>`);
  return out.join('');
}

/** Deeper than any OFX statement; refusing beyond it keeps hostile files linear. */
const MAX_DEPTH = 64;
/** Longer than any OFX value (a MEMO is at most 255 characters); refusing beyond it keeps the XML small. */
const LEAF_TEXT_MAX = 10_000;
/** Elements of one file: IMPORT_ROWS_MAX transactions of a dozen elements each, with room to spare. */
const TAGS_MAX = 40 * IMPORT_ROWS_MAX;

type MarkupToken =
  { kind: 'text'; text: string } | { kind: 'open' | 'close'; name: string; selfClosing: boolean };

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** `[\w.:-]`: letters, digits, `_`, `.`, `:` and `-`. */
const isNameChar = (c: number) =>
  isNameStart(c) || (c >= 48 && c <= 58) || c === 95 || c === 46 || c === 45;

/**
 * The tag that starts at `lt` (`<NAME …>`, `</NAME …>`, `<NAME/>`): its name and
 * where it ends, or null when no `>` comes before the next `<` (then the `<` is
 * text). Scans forward only, never further than the next `<`, so every
 * character of the file is looked at a bounded number of times.
 */
function readTag(body: string, lt: number) {
  let at = lt + 1;
  const closing = body.charCodeAt(at) === 47; // '/'
  if (closing) at++;
  if (!isNameStart(body.charCodeAt(at))) return null;
  const nameStart = at;
  while (at < body.length && isNameChar(body.charCodeAt(at))) at++;
  const nameEnd = at;
  while (at < body.length && body[at] !== '>' && body[at] !== '<') at++;
  if (body[at] !== '>') return null;
  return {
    kind: closing ? ('close' as const) : ('open' as const),
    name: body.slice(nameStart, nameEnd).toUpperCase(),
    selfClosing: at > nameEnd && body[at - 1] === '/',
    end: at + 1,
  };
}

/** Where the text goes on after the next `close` from `from` (the end when there is none). */
function after(body: string, close: string, from: number): number {
  const end = body.indexOf(close, from);
  return end < 0 ? body.length : end + close.length;
}

/**
 * Tags and text in one linear pass (indexOf and forward scans, no regular
 * expression over the file): comments and processing instructions are skipped,
 * CDATA is text, and a '<' that starts no tag is text.
 */
function* markupTokens(body: string): Generator<MarkupToken> {
  let at = 0;
  while (at < body.length) {
    const lt = body.indexOf('<', at);
    if (lt < 0) {
      yield { kind: 'text', text: body.slice(at) };
      return;
    }
    if (lt > at) yield { kind: 'text', text: body.slice(at, lt) };
    if (body.startsWith('<!--', lt)) at = after(body, '-->', lt);
    else if (body.startsWith('<?', lt)) at = after(body, '?>', lt);
    else if (body.startsWith('<![CDATA[', lt)) {
      const end = body.indexOf(']]>', lt);
      yield { kind: 'text', text: body.slice(lt + 9, end < 0 ? body.length : end) };
      at = end < 0 ? body.length : end + 3;
    } else {
      const tag = readTag(body, lt);
      if (tag) {
        at = tag.end;
        yield { kind: tag.kind, name: tag.name, selfClosing: tag.selfClosing };
      } else {
        at = lt + 1;
        yield { kind: 'text', text: '<' };
      }
    }
  }
}

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#x[0-9A-Fa-f]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['STMTTRN', 'STMTTRNRS', 'CCSTMTTRNRS', 'STMTRS', 'CCSTMTRS'].includes(name),
});

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** A leaf's text; '' for anything else (an aggregate where a leaf was expected). */
const leaf = (node: Node | undefined, key: string): string => {
  const v = node?.[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

/** Every bank (STMTRS) and card (CCSTMTRS) statement in the document, in order. */
function statementsOf(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const item of node) statementsOf(item, found);
  else if (isNode(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === 'STMTRS' || key === 'CCSTMTRS') found.push(...asList(value).filter(isNode));
      else statementsOf(value, found);
    }
  return found;
}

/**
 * Reads an OFX/QFX statement: every STMTTRN of every statement (rows numbered
 * 1, 2, ... in file order), CURDEF and LEDGERBAL of the first. Repeated FITIDs
 * are kept as separate rows (their de-duplication keys differ by occurrence).
 */
export function parseOfxStatement(text: string): OfxStatement | ImportFailure {
  const start = text.search(/<OFX>/i);
  if (start < 0)
    return importFailure('IMPORT_FILE_INVALID', 'O arquivo OFX não tem o elemento <OFX>.');
  let document: unknown;
  try {
    document = xmlParser.parse(sgmlToXml(text.slice(start)));
  } catch {
    return importFailure('IMPORT_FILE_INVALID', 'O arquivo OFX está malformado.');
  }
  const statements = statementsOf(document);
  if (statements.length === 0)
    return importFailure(
      'IMPORT_FILE_INVALID',
      'O arquivo OFX não tem extrato de conta nem de cartão.',
    );

  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  let position = 0;
  for (const statement of statements) {
    const list = isNode(statement.BANKTRANLIST) ? statement.BANKTRANLIST : undefined;
    for (const item of asList(list?.STMTTRN)) {
      if (++position > IMPORT_ROWS_MAX) return importFailure('IMPORT_TOO_MANY_ROWS');
      const read = readTransaction(isNode(item) ? item : {}, position);
      if ('message' in read) errors.push(read);
      else rows.push(read);
    }
  }
  const first = statements[0]!;
  return {
    ok: true,
    currency: /^[A-Z]{3}$/.test(leaf(first, 'CURDEF').toUpperCase())
      ? leaf(first, 'CURDEF').toUpperCase()
      : null,
    rows,
    errors,
    balance: ledgerBalance(isNode(first.LEDGERBAL) ? first.LEDGERBAL : undefined),
  };
}

function readTransaction(trn: Node, row: number): StatementRow | RowError {
  const date = parseDate(leaf(trn, 'DTPOSTED') || leaf(trn, 'DTUSER'));
  if (!date.ok) return { row, message: date.message };
  const amount = parseAmount(leaf(trn, 'TRNAMT'));
  if (!amount.ok) return { row, message: amount.message };
  if (amount.value === 0) return { row, message: 'Valor zero: a linha não é um lançamento.' };
  // Some banks write a DEBIT with a positive TRNAMT; it is still money out.
  const positiveDebit = leaf(trn, 'TRNTYPE').toUpperCase() === 'DEBIT' && amount.value > 0;

  const payee = isNode(trn.PAYEE) ? trn.PAYEE : undefined;
  const name = leaf(trn, 'NAME') || leaf(payee, 'NAME');
  const memo = leaf(trn, 'MEMO');
  const label = name || memo || leaf(trn, 'CHECKNUM');
  if (!label) return { row, message: 'Lançamento sem descrição (NAME/MEMO).' };
  const fitid = leaf(trn, 'FITID');
  if (fitid.length > EXTERNAL_ID_MAX) return { row, message: 'FITID longo demais.' };
  return {
    row,
    date: date.value,
    amountCents: positiveDebit ? -amount.value : amount.value,
    label: label.slice(0, TRANSACTION_LABEL_MAX),
    description: name && memo && memo !== name ? memo.slice(0, TEXT_MAX) : null,
    externalId: fitid || null,
    categoryLabel: null,
    note: null,
    balanceCents: null,
  };
}

function ledgerBalance(ledger: Node | undefined): StatedBalance | null {
  const amount = parseAmount(leaf(ledger, 'BALAMT'));
  if (!amount.ok) return null;
  const date = parseDate(leaf(ledger, 'DTASOF'));
  return { cents: amount.value, date: date.ok ? date.value : null };
}
