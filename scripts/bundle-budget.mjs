#!/usr/bin/env node
// The web client's first-load budget (issue 12): for every page, the JavaScript a browser must
// fetch before the page shows — the entry, the layouts above the page (app shell, Finanças,
// Configurações) and the page itself, each with its static imports — gzip-compressed, must stay
// within BUDGET_KB. Reads the Vite manifest of `npm run build`; modules loaded later on demand
// (charts, dialogs, the QR code) do not count. Prints the table; exits 1 when a page is over.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 290; // decision 098: the plain build's largest page (262) plus about 10 %
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const closure = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
};
const gzipKb = new Map();
const sizeOf = (key) => {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) return 0;
  if (!gzipKb.has(file))
    gzipKb.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gzipKb.get(file);
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routeKey = (name) => `src/app/routes/${name}.tsx`;
const shellKey = 'src/components/layout/app-shell.tsx';
const PUBLIC = new Set(['login', 'signup', 'reset-password', 'privacy-policy', 'terms']);
const LAYOUTS = new Set(['finance', 'settings']);

const rows = [];
for (const key of Object.keys(manifest)) {
  const m = /^src\/app\/routes\/([\w-]+)\.tsx$/.exec(key);
  if (!m || !manifest[key].isDynamicEntry) continue;
  const name = m[1];
  const parts = [entry, key];
  if (!PUBLIC.has(name)) parts.push(shellKey);
  for (const layout of LAYOUTS)
    if (name.startsWith(`${layout}-`) && manifest[routeKey(layout)]) parts.push(routeKey(layout));
  const keys = new Set();
  for (const part of parts) closure(part, keys);
  const kb = [...keys].reduce((sum, k) => sum + sizeOf(k), 0);
  rows.push({ page: name, kb });
}
rows.sort((a, b) => b.kb - a.kb);
let over = 0;
for (const { page, kb } of rows) {
  const mark = kb > BUDGET_KB ? 'OVER' : ' ok ';
  if (kb > BUDGET_KB) over++;
  console.log(`  [${mark}] ${page.padEnd(22)} ${kb.toFixed(1).padStart(6)} KB`);
}
console.log(`first load of each page, JavaScript gzip; budget ${BUDGET_KB} KB`);
if (!rows.length) {
  console.error('bundle budget: no page found in the manifest');
  process.exit(1);
}
process.exit(over ? 1 : 0);
