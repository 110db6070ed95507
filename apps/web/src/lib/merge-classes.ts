/**
 * Later Tailwind utilities override earlier ones of the same kind: `mergeClasses('p-4 px-2', 'p-0')`
 * is `'p-0'`. The algorithm of tailwind-merge (walk from the end, drop a class whose kind — with
 * the same variants and `!` — came later, or a kind that a later class covers, e.g. `px-*` under
 * `p-*`), restricted to the utilities this app writes: tailwind-merge's whole table cost 8.5 KB
 * gzip in every page's first load. merge-classes.test.ts checks that it gives tailwind-merge's
 * answer for every pair of classes in the source; a utility it does not know is kept as is.
 */

const SIDES = 'trbl';
const sides = (group: string, all: string) => [...all].map((side) => `${group}${side}`);
/** The kinds a class of the key's kind removes besides its own. */
const CONFLICTS: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', ...sides('p', SIDES)],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', ...sides('m', SIDES)],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'container-named': ['container-type'],
  rounded: sides('rounded-', SIDES),
  'border-w': sides('border-w-', SIDES),
  'border-color': sides('border-color-', SIDES),
  touch: ['touch-x', 'touch-y', 'touch-pz'],
};

const SIZE = /^(xs|sm|base|lg|[2-9]?xl)$/;
/** An arbitrary or variable value that is a length (`[3px]`, `[0.8125em]`), not a color. */
const LENGTH = /^\[(\d|\.|calc|min\()|^\(length:/;

/** A number, a fraction, a size or an arbitrary value (`[3px]`, `(--var)`), as a utility takes. */
const VALUE =
  /^(\d+(\.\d+)?(\/\d+)?|px|auto|full|screen|dvh|fit|min|max|none|first|last|square|video|tight|snug|normal|relaxed|loose|wide|wider|widest|xs|sm|md|lg|[2-9]?xl|\[.+\]|\(.+\))$/;
/** Utilities written `<kind>-<value>`, the value as VALUE. */
const VALUED =
  /^(flex|grow|shrink|basis|order|gap-x|gap-y|gap|z|aspect|opacity|duration|leading|tracking|rotate|scale|underline-offset|line-clamp|scroll-mt|auto-rows|grid-cols|grid-rows|col-start|row-start|backdrop-blur|blur|saturate|inset-x|inset-y|inset|top|right|bottom|left|min-w|min-h|max-w|max-h|size|w|h|translate-x|translate-y|origin|p[xytrbl]?|m[xytrbl]?)-(.+)$/;
/** Utilities written `<kind>-<word>`. */
const KEYWORD =
  /^(items|justify-items|justify-self|self|content|cursor|object|whitespace|ease|select|pointer-events|overflow-x|overflow-y|overflow|field-sizing|caption|appearance|accent|fill|transition|resize|divide-[xy])(?:-([\w-]+|\[.+\]))?$/;
/** Utilities of one word, and the kind of each. */
const WORDS: [RegExp, string][] = [
  [
    /^(block|inline|inline-block|inline-flex|inline-grid|flex|grid|hidden|contents|flow-root|table(-caption|-cell|-row)?)$/,
    'display',
  ],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(not-)?sr-only$/, 'sr'],
  [/^(truncate|text-(ellipsis|clip))$/, 'text-overflow'],
  [/^(underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
  [/^(tabular|proportional)-nums$/, 'fvn-spacing'],
  [/^break-(all|words|normal|keep)$/, 'break'],
  [/^wrap-(anywhere|break-word|normal)$/, 'wrap'],
  [/^(flex-(row|col)(-reverse)?)$/, 'flex-direction'],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, 'flex-wrap'],
  [/^@container$/, 'container-type'],
  [/^outline(-\d+)?$/, 'outline-w'],
  [/^outline-(none|hidden|dashed|dotted|double|solid)$/, 'outline-style'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^list-(none|disc|decimal)$/, 'list-style-type'],
  [/^touch-(auto|none|manipulation)$/, 'touch'],
  [/^(grow|shrink)$/, ''],
  [/^justify-(start|end|center|between|around|evenly|stretch|baseline|normal)$/, 'justify-content'],
  [/^(grayscale|filter|drop-shadow|backdrop-blur|blur)$/, ''],
  [/^animate-(spin|ping|pulse|bounce|none)$/, 'animate'],
];

function kindOf(base: string): string | undefined {
  const word = base.startsWith('-') ? base.slice(1) : base;
  // a fraction or an opacity (`w-1/2`, `bg-black/50`) does not change the kind
  const name = word.replace(/\/[^\]]*$/, '');
  if (word.startsWith('@container/')) return 'container-named';
  for (const [pattern, kind] of WORDS) if (pattern.test(name)) return kind || name;
  const valued = VALUED.exec(word) ?? VALUED.exec(name);
  if (valued && VALUE.test(valued[2]!)) return valued[1];
  const keyword = KEYWORD.exec(name);
  if (keyword) {
    const [, kind, value = ''] = keyword as unknown as [string, string, string?];
    if (!value && kind !== 'transition' && kind !== 'resize' && !kind.startsWith('divide-'))
      return undefined;
    return kind;
  }
  return colorOrWidth(name);
}

/** `text-`, `bg-`, `border-`, `ring-`, `shadow-` and the gradient stops: a size or a color. */
function colorOrWidth(name: string): string | undefined {
  const match =
    /^(text|bg|from|via|to|ring|shadow|border|rounded|col|row|align|outline|font)(-[xytrbl])?(?:-(.+))?$/.exec(
      name,
    );
  if (!match) return undefined;
  const [, at, side = '', value = ''] = match as unknown as [string, string, string?, string?];
  if (side && at !== 'border' && at !== 'rounded') return undefined;
  switch (at) {
    case 'text':
      if (SIZE.test(value) || LENGTH.test(value)) return 'font-size';
      if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-alignment';
      if (/^(balance|pretty|wrap|nowrap)$/.test(value)) return 'text-wrap';
      return value ? 'text-color' : undefined;
    case 'bg':
      return /^\[[a-z-]*gradient\(/.test(value) ? 'bg-image' : value ? 'bg-color' : undefined;
    case 'from':
    case 'via':
    case 'to':
      return value ? `gradient-${at}` : undefined;
    case 'ring':
      if (value === 'inset') return 'ring-w-inset';
      return !value || /^\d+$/.test(value) || LENGTH.test(value) ? 'ring-w' : 'ring-color';
    case 'shadow':
      return !value || SIZE.test(value) || value === 'none' ? 'shadow' : 'shadow-color';
    case 'border':
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(value))
        return side ? undefined : 'border-style';
      if (/^(collapse|separate)$/.test(value)) return side ? undefined : 'border-collapse';
      return !value || /^\d+$/.test(value) || LENGTH.test(value)
        ? `border-w${side}`
        : `border-color${side}`;
    case 'rounded':
      return `rounded${side}`;
    case 'col':
    case 'row':
      return /^(auto|span-\d+)$/.test(value) ? `${at}-start-end` : undefined;
    case 'outline':
      return value ? 'outline-color' : undefined;
    case 'font':
      return value ? 'font-family' : undefined;
    default:
      return value ? 'vertical-align' : undefined;
  }
}

const ORDER_SENSITIVE = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'file',
  'marker',
  'placeholder',
  'selection',
]);

/** The variants in tailwind-merge's order: sorted, but never across `[&…]` or `before:`-like ones. */
function variantKey(variants: string[]): string {
  const out: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || ORDER_SENSITIVE.has(variant)) {
      out.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...out, ...run.sort()].join(':');
}

/** Splits `hover:[&_svg]:p-2` at the colons outside brackets and parentheses. */
function parse(className: string): { variants: string[]; base: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) {
      variants.push(className.slice(start, i));
      start = i + 1;
    }
  }
  return { variants, base: className.slice(start) };
}

export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    const { variants, base } = parse(className);
    const important = base.endsWith('!') || base.startsWith('!');
    const kind = kindOf(important ? base.replace(/^!|!$/, '') : base);
    if (kind) {
      const key = variantKey(variants) + (important ? '!' : '');
      if (taken.has(key + kind)) continue;
      taken.add(key + kind);
      for (const other of CONFLICTS[kind] ?? []) taken.add(key + other);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
