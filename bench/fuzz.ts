// npm run bench:fuzz [-- --requests N --seed S]
// Fuzzes every endpoint of the OpenAPI document with malformed and hostile requests through
// app.inject on an in-memory PGlite bank (no network): no 5xx, no crash, every rejection in the
// error envelope, a clean ledger at the end. Prints the seed (a failure reproduces with --seed).
import { parseArgs } from 'node:util';
import { createFuzzBank, formatReport, runFuzz } from '../server/src/test/fuzz';
import { buildInProcessApp } from './lib/in-process-app';

/** The issue asks for at least ten thousand requests. */
const DEFAULT_REQUESTS = 12_000;
const PROGRESS_EVERY = 1_000;

const { values } = parseArgs({
  options: { requests: { type: 'string' }, seed: { type: 'string' } },
});
const requests = Number(values.requests ?? DEFAULT_REQUESTS);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run bench:fuzz -- [--requests N] [--seed S]');
  process.exit(2);
}

console.log(
  `bench:fuzz: seed ${seed}, ${requests} requests (reproduce with: npm run bench:fuzz -- --seed ${seed} --requests ${requests})`,
);
const t = await buildInProcessApp();
try {
  const bank = await createFuzzBank(t);
  const report = await runFuzz(bank, {
    seed,
    requests,
    onProgress: (done) => {
      if (done % PROGRESS_EVERY === 0) console.log(`  … ${done} requests`);
    },
  });
  console.log(formatReport(report));
  const ok =
    report.failures.length === 0 && report.ledger.violations.length === 0 && report.ledger.sum === '0';
  console.log(ok ? 'bench:fuzz: OK' : 'bench:fuzz: FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await t.close();
}
