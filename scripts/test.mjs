#!/usr/bin/env node
// The whole test suite, as the README's second command: lint, type-check, unit and API tests on
// PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), then the production build and the
// end-to-end tests in Chromium when it is installed. It says what it ran and what it skipped; with
// CI=true a skipped step is a failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pgAutoctl = process.env.PG_AUTOCTL ?? '/usr/bin/pg_autoctl';
const artifacts = path.join(root, 'e2e/.artifacts');
fs.mkdirSync(artifacts, { recursive: true });
const vitestReport = path.join(artifacts, 'vitest.json');
const playwrightReport = path.join(artifacts, 'report.json');

/**
 * Lines of a failed step's output repeated under the summary: a CI log is often read from its end,
 * and a failure's reason (a violation, an assertion) is printed well before the step's last line.
 */
const FAILED_STEP_TAIL_LINES = 60;

/** Runs a step with its output passed through live, keeping its last lines; resolves to its exit. */
function runStep(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    let tail = [];
    // One unfinished line per stream: stdout and stderr arrive interleaved, each in pieces.
    const partial = { stdout: '', stderr: '' };
    const keep = (stream, chunk) => {
      const lines = (partial[stream] + chunk.toString('utf8')).split('\n');
      partial[stream] = lines.pop() ?? '';
      tail = tail.concat(lines).slice(-FAILED_STEP_TAIL_LINES);
    };
    for (const stream of ['stdout', 'stderr']) {
      child[stream].on('data', (chunk) => {
        process[stream].write(chunk);
        keep(stream, chunk);
      });
    }
    child.on('error', (error) => resolve({ status: null, signal: error.message, tail }));
    child.on('close', (status, signal) => {
      const rest = [partial.stdout, partial.stderr].filter((line) => line !== '');
      tail = tail.concat(rest).slice(-FAILED_STEP_TAIL_LINES);
      resolve({ status, signal, tail });
    });
  });
}

const steps = [
  { name: 'lint', run: ['npm', 'run', '--silent', 'lint'] },
  { name: 'type-check', run: ['npm', 'run', '--silent', 'typecheck'] },
  {
    name: process.env.TEST_DATABASE_URL
      ? 'unit + API tests (PGlite and PostgreSQL)'
      : 'unit + API tests (PGlite)',
    run: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    report: { kind: 'vitest', file: vitestReport },
  },
  { name: 'production build', run: ['npm', 'run', '--silent', 'build'] },
  {
    // docs/reliability.md: the built server, two instances on one PostgreSQL, kill -9 faults.
    name: 'bank invariant test (PostgreSQL, 2 instances, kill -9, 20 s)',
    needs: 'production build',
    run: [
      'npx',
      'tsx',
      'bench/bank.ts',
      '--duration',
      '20',
      '--instances',
      '2',
      '--clients',
      '16',
      '--customers',
      '8',
    ],
    skipUnless: process.env.TEST_DATABASE_URL
      ? null
      : 'set TEST_DATABASE_URL (a PostgreSQL server it may create scratch databases on)',
  },
  {
    // docs/reliability.md: the same test on a pg_auto_failover formation made for the run (monitor +
    // 2 nodes on loopback ports from 6100, test timeouts), with a planned failover and the loss of
    // the primary's node; 73 s measured with the formation's set-up and teardown.
    name: 'bank invariant test on a pg_auto_failover formation (2 instances, failover + node loss, 30 s)',
    needs: 'production build',
    run: [
      'npx',
      'tsx',
      'bench/bank.ts',
      '--formation',
      '--formation-faults',
      'failover,node',
      '--duration',
      '30',
      '--instances',
      '2',
      '--clients',
      '16',
      '--customers',
      '8',
    ],
    skipUnless: fs.existsSync(pgAutoctl)
      ? null
      : `pg_autoctl not found at ${pgAutoctl}: install Debian's packages (apt-get install postgresql-15-auto-failover pg-auto-failover-cli) or set PG_AUTOCTL`,
  },
  {
    name: 'end-to-end tests (Chromium)',
    needs: 'production build',
    run: ['npx', 'playwright', 'test'],
    report: { kind: 'playwright', file: playwrightReport },
    skipUnless: fs.existsSync(chromium)
      ? null
      : `Chromium not found at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
  },
];

const skipped = [];
if (!process.env.TEST_DATABASE_URL) {
  skipped.push(
    'API tests on PostgreSQL: set TEST_DATABASE_URL=postgres://USER@HOST:5432/DB (a database the tests may create databases from)',
  );
}

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;
const passed = new Set();
const failedTails = [];

function countReport(report) {
  if (!report || !fs.existsSync(report.file)) return;
  const json = JSON.parse(fs.readFileSync(report.file, 'utf8'));
  if (report.kind === 'vitest') {
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  } else {
    totals.passed += (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0);
    totals.failed += json.stats?.unexpected ?? 0;
    totals.skipped += json.stats?.skipped ?? 0;
  }
}

for (const step of steps) {
  if (step.skipUnless) {
    skipped.push(`${step.name}: ${step.skipUnless}`);
    results.push(`SKIP  ${step.name}`);
    continue;
  }
  // A failure stops only the steps that need its output, so one run reports every other problem.
  if (step.needs && !passed.has(step.needs)) {
    results.push(`----  ${step.name} (not run: needs "${step.needs}")`);
    continue;
  }
  if (step.report) fs.rmSync(step.report.file, { force: true });
  console.log(`\n=== ${step.name}: ${step.run.join(' ')}\n`);
  const started = Date.now();
  const outcome = await runStep(step.run[0], step.run.slice(1));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  countReport(step.report);
  if (outcome.status === 0) {
    passed.add(step.name);
    results.push(`ok    ${step.name} (${seconds} s)`);
  } else {
    failed = true;
    results.push(`FAIL  ${step.name} (${seconds} s, exit ${outcome.status ?? outcome.signal})`);
    failedTails.push({ name: step.name, tail: outcome.tail });
  }
}

for (const { name, tail } of failedTails) {
  console.log(`\n=== the last ${tail.length} lines of the failed step "${name}"`);
  for (const line of tail) console.log(`  | ${line}`);
}
console.log('\n=== summary');
for (const line of results) console.log(`  ${line}`);
if (skipped.length > 0) {
  console.log('\n  Skipped, and how to enable:');
  for (const line of skipped) console.log(`  - ${line}`);
  if (ci) {
    console.log('\n  CI=true: nothing may be skipped.');
    failed = true;
  }
}
if (totals.skipped > 0 && ci) {
  console.log(`\n  CI=true: ${totals.skipped} test(s) were skipped inside the runners.`);
  failed = true;
}
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failed ? 1 : 0);
