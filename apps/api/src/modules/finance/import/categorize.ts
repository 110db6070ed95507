import type { CategorySource, CategoryType } from '@fa-clube/contract';
import { foldText } from './text';

/** What banks prepend to the part of a description that names the other side. */
const BOILERPLATE_PREFIXES = [
  'compra no debito via nupay',
  'compra no debito',
  'compra no credito',
  'compra com cartao',
  'transferencia enviada pelo pix',
  'transferencia recebida pelo pix',
  'transferencia enviada',
  'transferencia recebida',
  'pagamento de boleto efetuado',
  'pagamento de boleto',
  'pagamento efetuado',
  'pix enviado',
  'pix recebido',
  'pix qrcode din des',
  'pix qrcode est des',
  'transfe pix des',
  'transfe pix rem',
  'transf pix enviada',
  'transf pix recebida',
  'rshop',
];

/**
 * The text rows are compared by when suggesting a category: case, accents and
 * punctuation ignored, and the bank's boilerplate removed — "Compra no débito
 * -", Pix transfer prefixes, masked or full CPFs and CNPJs (`•••.123.456-••`,
 * `***.123.456-**`), "Parcela 2/5", dates and times, digit runs of 4 or more,
 * agency and account words — so "Compra no débito - PADARIA REAL 12/03" and
 * "PADARIA REAL" compare equal.
 */
export function normalizeDescription(text: string): string {
  let s = foldText(text)
    .replace(/[•*x]{3}\.\d{3}\.\d{3}-[•*x]{2}/g, ' ')
    .replace(/\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g, ' ')
    .replace(/\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g, ' ')
    .replace(/\bparcela\s*\d{1,3}\s*(\/|de)\s*\d{1,3}\b/g, ' ')
    .replace(/\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/g, ' ')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, ' ')
    .replace(/\b(agencia|ag|conta|c\/c|cc)\s*(?::\s*)?[\dx][\dx.-]*\b/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b\d{4,}\b/g, ' ')
    .replace(/\b(agencia|conta|ag|cc|c c)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (let stripped = true; stripped;) {
    stripped = false;
    for (const prefix of BOILERPLATE_PREFIXES)
      if (s === prefix || s.startsWith(`${prefix} `)) {
        s = s.slice(prefix.length).trim();
        stripped = true;
      }
  }
  return s;
}

/** An income category never for money out, an expense never for money in; a transfer either way. */
export function categoryFitsAmount(categoryType: CategoryType, amountCents: number): boolean {
  if (categoryType === 'income') return amountCents > 0;
  if (categoryType === 'expense') return amountCents < 0;
  return true;
}

/** A workspace rule: rows whose normalised description contains `match` go to `category`. */
export interface CategorizationRule {
  category: string;
  categoryType: CategoryType;
  /** Compared after normalizeDescription, e.g. "padaria" or "uber". */
  match: string;
}

/** A row the workspace already categorized, the material of its history. */
export interface CategorizedRow {
  label: string;
  description?: string | null;
  amountCents: number;
  category: string;
  categoryType: CategoryType;
  /** YYYY-MM-DD; breaks ties between equally frequent categories (latest wins). */
  date?: string;
}

interface HistoryCandidate {
  category: string;
  categoryType: CategoryType;
  count: number;
  lastDate: string;
}

/** The workspace's categories by normalised description, as buildCategorizationHistory makes it. */
export type CategorizationHistory = ReadonlyMap<string, readonly HistoryCandidate[]>;

const rowText = (row: { label: string; description?: string | null }) =>
  normalizeDescription(`${row.label} ${row.description ?? ''}`);

/** Indexes the workspace's categorized rows by normalised description. */
export function buildCategorizationHistory(rows: Iterable<CategorizedRow>): CategorizationHistory {
  const history = new Map<string, HistoryCandidate[]>();
  for (const row of rows) {
    const key = rowText(row);
    if (!key) continue;
    const candidates = history.get(key) ?? [];
    const known = candidates.find((c) => c.category === row.category);
    const date = row.date ?? '';
    if (known) {
      known.count++;
      if (date > known.lastDate) known.lastDate = date;
    } else {
      candidates.push({
        category: row.category,
        categoryType: row.categoryType,
        count: 1,
        lastDate: date,
      });
    }
    history.set(key, candidates);
  }
  return history;
}

/** A row to suggest a category for (import rows, before they are saved). */
export interface CategorizableRow {
  label: string;
  description?: string | null;
  amountCents: number;
  /** The category the row has; kept when the user chose it (categorySource null). */
  category?: string | null;
  categorySource?: CategorySource | null;
}

export interface CategorySuggestion {
  category: string | null;
  /** `rule` or `history` when suggested here; null when the user chose it or nothing fit. */
  categorySource: CategorySource | null;
}

/** Which amounts a category type fits: money in, money out, zero (categoryFitsAmount). */
const SIGNS = [1, -1, 0] as const;
const signOf = (amountCents: number) => (amountCents > 0 ? 0 : amountCents < 0 ? 1 : 2);

/** A node of the rules' word trie: Aho–Corasick over words, not characters. */
interface MatchNode {
  next: Map<string, MatchNode>;
  fail: MatchNode | null;
  /** Per sign of the amount, the best (lowest) rank of a rule ending here or at a suffix of it. */
  best: [number, number, number];
}

/**
 * The workspace's rules compiled once per request (indexRules): each row is
 * then matched in one pass over its words, however many rules there are.
 */
export interface RuleIndex {
  root: MatchNode;
  /** The rules by rank: the longest match first, then in the order given. */
  ranked: readonly CategorizationRule[];
}

const newNode = (): MatchNode => ({
  next: new Map(),
  fail: null,
  best: [Infinity, Infinity, Infinity],
});

/**
 * Compiles the rules: a rule matches a row whose normalised description holds
 * its normalised words as whole words; the longest such rule wins (the first
 * given on a tie). An Aho–Corasick automaton over words finds every rule in a
 * row in one pass over the row's words.
 */
export function indexRules(rules: readonly CategorizationRule[]): RuleIndex {
  const keyed = rules
    .map((rule) => ({ rule, words: normalizeDescription(rule.match) }))
    .filter((r) => r.words)
    .sort((a, b) => b.words.length - a.words.length);
  const root = newNode();
  keyed.forEach(({ rule, words }, rank) => {
    let node = root;
    for (const word of words.split(' ')) {
      let child = node.next.get(word);
      if (!child) node.next.set(word, (child = newNode()));
      node = child;
    }
    SIGNS.forEach((sign, i) => {
      if (categoryFitsAmount(rule.categoryType, sign)) node.best[i] = Math.min(node.best[i]!, rank);
    });
  });
  // failure links breadth first: a node's suffix is always done before the node
  const queue: MatchNode[] = [];
  for (const child of root.next.values()) {
    child.fail = root;
    queue.push(child);
  }
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const [word, child] of node.next) {
      let fail = node.fail;
      while (fail && !fail.next.has(word)) fail = fail.fail;
      child.fail = fail?.next.get(word) ?? root;
      child.best = child.best.map((rank, i) => Math.min(rank, child.fail!.best[i]!)) as [
        number,
        number,
        number,
      ];
      queue.push(child);
    }
  }
  return { root, ranked: keyed.map((k) => k.rule) };
}

/** The best rule whose words the text holds and whose type fits the amount, or null. */
function matchRule(index: RuleIndex, text: string, amountCents: number) {
  const sign = signOf(amountCents);
  let best = Infinity;
  let node = index.root;
  for (const word of text.split(' ')) {
    while (node !== index.root && !node.next.has(word)) node = node.fail!;
    node = node.next.get(word) ?? index.root;
    best = Math.min(best, node.best[sign]!);
  }
  return best === Infinity ? null : index.ranked[best]!;
}

/**
 * Suggests a row's category: a category the user chose is never replaced;
 * else the workspace's rule that matches (indexRules: the longest); else the category the
 * workspace used most for the same normalised description (latest on a tie);
 * else none. Only categories whose type fits the amount's direction count.
 */
export function suggestCategory(
  row: CategorizableRow,
  rules: RuleIndex,
  history: CategorizationHistory,
): CategorySuggestion {
  if (row.category && !row.categorySource) return { category: row.category, categorySource: null };
  const text = rowText(row);
  if (!text) return { category: null, categorySource: null };

  const rule = matchRule(rules, text, row.amountCents);
  if (rule) return { category: rule.category, categorySource: 'rule' };

  let best: HistoryCandidate | null = null;
  for (const candidate of history.get(text) ?? []) {
    if (!categoryFitsAmount(candidate.categoryType, row.amountCents)) continue;
    if (
      !best ||
      candidate.count > best.count ||
      (candidate.count === best.count && candidate.lastDate > best.lastDate)
    )
      best = candidate;
  }
  return best
    ? { category: best.category, categorySource: 'history' }
    : { category: null, categorySource: null };
}
