#!/usr/bin/env node
// `npm test` step "cycles": no import cycle between the API's modules
// (docs/decisions/021-api-modules.md). dependency-cruiser reads the imports and
// collapses them to one node per module (and per read-models, lib, db and
// plugins folder); any cycle in that graph fails, even one that no single file
// closes (a.service -> b.service, b/other.ts -> a.service).
import { cruise } from 'dependency-cruiser';

const ROOT = process.argv[2] ?? 'apps/api/src';
const result = await cruise([ROOT], {
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '\\.test\\.ts$|\\.testkit\\.ts$' },
  collapse: `^${ROOT}/(modules/[^/]+|read-models|lib|db|plugins)/`,
});

const inside = (name) => name.startsWith(`${ROOT}/`);
const graph = new Map();
for (const m of result.output.modules) {
  if (!inside(m.source)) continue;
  const targets = m.dependencies.map((d) => d.resolved).filter((r) => inside(r) && r !== m.source);
  graph.set(m.source, new Set(targets));
}

const cycles = [];
const state = new Map(); // undefined: new, 1: on the path, 2: done
const path = [];
function visit(node) {
  state.set(node, 1);
  path.push(node);
  for (const next of graph.get(node) ?? []) {
    if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next]);
    else if (!state.get(next)) visit(next);
  }
  path.pop();
  state.set(node, 2);
}
for (const node of graph.keys()) if (!state.get(node)) visit(node);

const short = (n) => n.slice(ROOT.length + 1).replace(/\/$/, '');
if (cycles.length) {
  console.error('Import cycles between API modules:');
  for (const c of cycles) console.error(`  ${c.map(short).join(' -> ')}`);
  process.exit(1);
}
console.log(`No cycles between the ${graph.size} parts of ${ROOT}.`);
