/**
 * `npm test` step "boundaries": the API's module rules (docs/decisions/021-api-modules.md),
 * checked by dependency-cruiser on the resolved import graph — static, dynamic `import()` and
 * type-only imports alike, from any folder depth:
 *   - a module reaches another only through its <m>.service.ts (or <m>.module.ts);
 *   - a module's files import only the db/schema file(s) it owns, but its reads of other
 *     domains' tables, which live in `<m>.queries.ts` (issue 31);
 *   - read models import no module; src/lib imports no schema, module or read model (but
 *     lib/queue and lib/periodic, each its own schema);
 *   - no import cycle between the modules (and the read-models, lib, db and plugins folders).
 *
 * `npx tsx apps/api/scripts/api-boundaries.ts` checks apps/api/src; the boundary test
 * (test/module-boundaries.test.ts) runs checkApiBoundaries on fixture trees of the same shape.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import type { ICruiseOptions, ICruiseResult, IForbiddenRuleType } from 'dependency-cruiser';

/** The db/schema files a module owns, where they are not `<m>.ts`. */
export const API_SCHEMAS: Record<string, string[]> = {
  auth: ['users'],
  profiles: [],
  insights: [],
  account: ['account'],
};

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOT_TEST = '\\.(test|testkit)\\.ts$';
/** A module's reads that join other domains' tables (issue 31: each module's reads at home). */
const QUERIES = '\\.queries\\.ts$';

type Rule = IForbiddenRuleType & { name: string; comment: string };

/** The forbidden imports of the tree at `root` (as dependency-cruiser names paths). */
function apiRules(root: string, modules: string[]): Rule[] {
  const r = `^${esc(root)}/`;
  const ownSchema = modules.map((m): Rule => {
    const owned = API_SCHEMAS[m] ?? [m];
    return {
      name: `own-schema-only:${m}`,
      comment: `The ${m} module uses only its own schema (${owned.map((s) => `db/schema/${s}.ts`).join(', ') || 'none'}); read other domains through their service, its own <m>.queries.ts or a read model in src/read-models.`,
      severity: 'error',
      from: { path: `${r}modules/${esc(m)}/`, pathNot: [NOT_TEST, QUERIES] },
      to: {
        path: `${r}db/schema/`,
        ...(owned.length ? { pathNot: `${r}db/schema/(${owned.map(esc).join('|')})\\.ts$` } : {}),
      },
    };
  });
  return [
    {
      name: 'module-through-service',
      comment:
        'A module reaches another only through its <m>.service.ts; a query that reads several domains belongs in src/read-models.',
      severity: 'error',
      from: { path: `${r}modules/([^/]+)/`, pathNot: NOT_TEST },
      to: {
        path: `${r}modules/[^/]+/`,
        pathNot: [`${r}modules/$1/`, `${r}modules/([^/]+)/\\1\\.(service|module)\\.ts$`],
      },
    },
    ...ownSchema,
    {
      name: 'read-models-import-no-module',
      comment: 'Read models import no module.',
      severity: 'error',
      from: { path: `${r}read-models/`, pathNot: NOT_TEST },
      to: { path: `${r}modules/` },
    },
    {
      name: 'lib-is-framework-free',
      comment: 'src/lib holds framework-free helpers: no schema, module or read model.',
      severity: 'error',
      from: { path: `${r}lib/`, pathNot: [NOT_TEST, `${r}lib/(queue|periodic)/`] },
      to: { path: `${r}(db/schema|modules|read-models)/` },
    },
    {
      name: 'lib-infra-own-schema',
      comment: 'lib/queue and lib/periodic import only their own schema (db/schema/<folder>.ts).',
      severity: 'error',
      from: { path: `${r}lib/(queue|periodic)/`, pathNot: NOT_TEST },
      to: { path: `${r}(db/schema|modules|read-models)/`, pathNot: `${r}db/schema/$1\\.ts$` },
    },
  ];
}

/** Import cycles between the collapsed parts of the tree (each module, read-models, lib, ...). */
function cycles(result: ICruiseResult, root: string): string[] {
  const inside = (name: string) => name.startsWith(`${root}/`);
  const graph = new Map<string, Set<string>>();
  for (const m of result.modules) {
    if (!inside(m.source)) continue;
    const targets = m.dependencies
      .map((d) => d.resolved)
      .filter((t) => inside(t) && t !== m.source);
    graph.set(m.source, new Set(targets));
  }
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.get(next)) visit(next);
    }
    trail.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.get(node)) visit(node);
  const short = (n: string) => n.slice(root.length + 1).replace(/\/$/, '');
  return found.map((c) => c.map(short).join(' -> '));
}

export interface BoundaryViolation {
  rule: string;
  from: string;
  to: string;
  message: string;
}

/**
 * Checks the tree at `root` (relative to `baseDir`): the forbidden imports and the cycles
 * between its parts.
 */
export async function checkApiBoundaries(root = 'apps/api/src', baseDir = process.cwd()) {
  const modules = readdirSync(path.join(baseDir, root, 'modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const rules = apiRules(root, modules);
  const options: ICruiseOptions = {
    baseDir,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  };
  const run = async (extra: ICruiseOptions) =>
    (await cruise([root], { ...options, ...extra })).output as ICruiseResult;
  const checked = await run({ validate: true, ruleSet: { forbidden: rules } });
  const violations: BoundaryViolation[] = (checked.summary.violations ?? []).map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    message: rules.find((r) => r.name === v.rule.name)?.comment ?? v.rule.name,
  }));
  const collapsed = await run({
    exclude: { path: `node_modules|${NOT_TEST}` },
    collapse: `^${esc(root)}/(modules/[^/]+|read-models|lib|db|plugins)/`,
  });
  return { violations, cycles: cycles(collapsed, root), modules: modules.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { violations, cycles: found, modules } = await checkApiBoundaries(process.argv[2]);
  for (const v of violations) console.error(`${v.from} -> ${v.to}\n  ${v.rule}: ${v.message}`);
  if (found.length) {
    console.error('Import cycles between API modules:');
    for (const c of found) console.error(`  ${c}`);
  }
  if (violations.length || found.length) process.exit(1);
  console.log(`API boundaries hold: ${modules} modules, no forbidden import, no cycle.`);
}
