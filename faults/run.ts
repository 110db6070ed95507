/**
 * The fault suite (issue 13): `npm run faults` runs every scenario,
 * `npm run faults -- <name> [<name>...]` some. Prints the figure table and writes the rows
 * of the scenarios that ran to docs/reliability.md, each with the commit it was measured on.
 * FAULTS_FAST=1 runs the quick form (faults/lib/fast.ts) and leaves the document as it is.
 * Exit code: 0 when every requested scenario ran and passed, 1 when one failed, 3 when none
 * failed but one could not run here (skipped: it proved nothing).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { killLeftoverApis, ROOT } from './lib/api';
import { FAST } from './lib/fast';
import { makeEnv, SCENARIOS } from './scenarios';
import type { Result } from './scenarios';

const ms = (v?: number) =>
  v === undefined || Number.isNaN(v) ? '—' : `${(v / 1000).toFixed(1)} s`;

const verdict = (r: Result) => (r.skipped ? 'skipped' : r.passed ? 'pass' : 'FAIL');

/** The commit the figures are measured on; `+changes` when the tree differs from it. */
function measuredOn(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function table(results: Result[], commit: string): string {
  const head =
    '| scenario | requests | acknowledged | lost | duplicates | partial | held | first success | p99 back | result | commit |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |';
  const rows = results.map(
    (r) =>
      `| ${r.scenario} | ${r.requests} | ${r.acknowledged} | ${r.lost} | ${r.duplicates} | ${r.partial} | ${r.held} | ${ms(r.firstSuccessMs)} | ${ms(r.baselineP99Ms)} | ${verdict(r)} | ${commit} |`,
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
  const commit = measuredOn();
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
        `  ${r.skipped ? 'SKIPPED (did not run)' : r.passed ? 'ok' : 'FAIL'} in ${ms(performance.now() - started)}: ${r.requests} requests, ` +
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
  // the rows of what ran; a skipped scenario keeps the figures of its last real run, if any
  const kept = start < 0 ? '' : current.slice(start, end);
  const hasRow = (name: string) => kept.split('\n').some((l) => l.split('|')[1]?.trim() === name);
  const written = results.filter((r) => !r.skipped || !hasRow(r.scenario));
  const rows = table(written, commit).split('\n').slice(2);
  const notes = written.map(noteOf);
  const ran = new Set(written.map((r) => r.scenario));
  // a partial run keeps the earlier rows (and notes) of the scenarios it did not run; a run of
  // every scenario keeps only those of the skipped ones
  const everyRequested = selected.length === Object.keys(SCENARIOS).length;
  const all = everyRequested && written.every((r) => !r.skipped);
  const notRunHere = new Set(results.filter((r) => r.skipped).map((r) => r.scenario));
  const keep = (name: string) => !ran.has(name) && (!everyRequested || notRunHere.has(name));
  const keptRows = kept
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .filter((l) => !/^(scenario|-+)$/.test(l.split('|')[1]!.trim()))
    .filter((l) => keep(l.split('|')[1]!.trim()));
  const keptNotes = kept
    .split(/\n(?=- \*\*)/)
    .filter((b) => b.startsWith('- **'))
    .map((b) => b.split('\n<!--')[0]!.trimEnd())
    .filter((b) => keep(/^- \*\*(.*?)\*\*/.exec(b)?.[1] ?? ''));
  const text = [...table([], commit).split('\n'), ...keptRows, ...rows].join('\n');
  console.log(`\n${table(results, commit)}\n`);
  const body =
    `${MARK_START}\nLast run: ${new Date().toISOString()} on commit ${commit} (${all ? 'every scenario' : `${[...ran].join(', ') || 'nothing ran'}; the other rows are from earlier runs, each on the commit it names`}), Node ${process.version}, ${process.platform}.\n\n` +
    `${text}\n\n${[...keptNotes, ...notes].join('\n')}\n${MARK_END}`;
  if (FAST) console.log(`FAULTS_FAST=1 (forma rápida): ${path.relative(ROOT, doc)} fica como está`);
  else if (!written.length) console.log(`Nada medido: ${path.relative(ROOT, doc)} fica como está`);
  else if (start >= 0 && end > start) {
    writeFileSync(doc, current.slice(0, start) + body + current.slice(end + MARK_END.length));
    console.log(`Tabela escrita em ${path.relative(ROOT, doc)}`);
  }
  const failed = results.filter((r) => !r.passed && !r.skipped);
  const notRun = results.filter((r) => r.skipped);
  if (failed.length) console.error(`\n${failed.length} cenário(s) falharam.`);
  if (notRun.length)
    console.error(
      `\n${notRun.length} cenário(s) pedido(s) NÃO rodaram aqui (nada provaram):\n` +
        notRun.map((r) => `  - ${r.scenario}: ${r.notes.join('; ')}`).join('\n'),
    );
  process.exit(failed.length ? 1 : notRun.length ? 3 : 0);
}

void main();
