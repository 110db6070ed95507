/**
 * The fault suite (issue 13): `npm run faults` runs every scenario,
 * `npm run faults -- <name> [<name>...]` some. Prints the figure table and, when
 * every scenario ran, writes it to docs/reliability.md. See faults/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { killLeftoverApis, ROOT } from './lib/api';
import { makeEnv, SCENARIOS } from './scenarios';
import type { Result } from './scenarios';

const ms = (v?: number) =>
  v === undefined || Number.isNaN(v) ? '—' : `${(v / 1000).toFixed(1)} s`;

function table(results: Result[]): string {
  const head =
    '| scenario | requests | acknowledged | lost | duplicates | partial | held | first success | p99 back | result |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const rows = results.map(
    (r) =>
      `| ${r.scenario} | ${r.requests} | ${r.acknowledged} | ${r.lost} | ${r.duplicates} | ${r.partial} | ${r.held} | ${ms(r.firstSuccessMs)} | ${ms(r.baselineP99Ms)} | ${r.skipped ? 'skipped' : r.passed ? 'pass' : 'FAIL'} |`,
  );
  return [head, ...rows].join('\n');
}

const MARK_START = '<!-- faults:table:start -->';
const MARK_END = '<!-- faults:table:end -->';

async function main() {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !SCENARIOS[n]);
  if (unknown.length) {
    console.error(
      `Cenários desconhecidos: ${unknown.join(', ')}\nDisponíveis: ${Object.keys(SCENARIOS).join(', ')}`,
    );
    process.exit(2);
  }
  const selected = names.length ? names : Object.keys(SCENARIOS);
  const env = makeEnv();
  const results: Result[] = [];
  try {
    for (const name of selected) {
      console.log(`\n▶ ${name}`);
      const started = performance.now();
      let r: Result;
      try {
        r = await SCENARIOS[name]!(env);
      } catch (err) {
        r = {
          scenario: name,
          proves: '',
          passed: false,
          failures: [`crashed: ${(err as Error).stack ?? String(err)}`],
          requests: 0,
          acknowledged: 0,
          failed: 0,
          timedOut: 0,
          lost: 0,
          duplicates: 0,
          partial: 0,
          held: 0,
          notes: [],
        };
      }
      // a scenario that crashed may have left its server running: it would load the next ones
      const left = await killLeftoverApis();
      if (left) r.notes.push(`${left} API process(es) left running, killed`);
      results.push(r);
      console.log(
        `  ${r.passed ? 'ok' : 'FAIL'} in ${ms(performance.now() - started)}: ${r.requests} requests, ` +
          `${r.acknowledged} acknowledged, ${r.failed} failed, ${r.timedOut} timed out`,
      );
      for (const n of r.notes.filter(Boolean)) console.log(`  · ${n}`);
      for (const x of r.failures) console.log(`  ✗ ${x}`);
    }
  } finally {
    await env.close();
  }
  const doc = path.join(ROOT, 'docs/reliability.md');
  const current = readFileSync(doc, 'utf8');
  const start = current.indexOf(MARK_START);
  const end = current.indexOf(MARK_END);
  const noteOf = (r: Result) =>
    `- **${r.scenario}** — ${r.proves}${r.notes.filter(Boolean).length ? ` _(${r.notes.filter(Boolean).join('; ')})_` : ''}` +
    (r.failures.length ? `\n  - FAILED: ${r.failures.join('; ')}` : '');
  const rows = table(results).split('\n').slice(2);
  const notes = results.map(noteOf);
  // a partial run keeps the earlier rows (and notes) of the scenarios it did not run
  const all = selected.length === Object.keys(SCENARIOS).length;
  const kept = all || start < 0 ? '' : current.slice(start, end);
  const ran = new Set(results.map((r) => r.scenario));
  const keptRows = kept
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .filter((l) => !/^(scenario|-+)$/.test(l.split('|')[1]!.trim()))
    .filter((l) => !ran.has(l.split('|')[1]!.trim()));
  const keptNotes = kept
    .split(/\n(?=- \*\*)/)
    .filter((b) => b.startsWith('- **'))
    .map((b) => b.split('\n<!--')[0]!.trimEnd())
    .filter((b) => !ran.has(/^- \*\*(.*?)\*\*/.exec(b)?.[1] ?? ''));
  const text = [...table([]).split('\n'), ...keptRows, ...rows].join('\n');
  console.log(`\n${table(results)}\n`);
  const body =
    `${MARK_START}\nLast run: ${new Date().toISOString()} (${all ? 'every scenario' : `${selected.join(', ')}; the other rows are from earlier runs`}), Node ${process.version}, ${process.platform}.\n\n` +
    `${text}\n\n${[...keptNotes, ...notes].join('\n')}\n${MARK_END}`;
  if (start >= 0 && end > start)
    writeFileSync(doc, current.slice(0, start) + body + current.slice(end + MARK_END.length));
  console.log(`Tabela escrita em ${path.relative(ROOT, doc)}`);
  process.exit(results.every((r) => r.passed) ? 0 : 1);
}

void main();
