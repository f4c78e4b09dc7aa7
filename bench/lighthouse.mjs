#!/usr/bin/env node
// Lighthouse (mobile, simulated throttling — its defaults) on the public pages of issue #3, the
// login page and the signed-in customer overview of issue #9, of the built bank served by
// `server/dist/main.js` on a free port with a fresh data directory (demo data), in Debian's Chromium.
// Writes the four category scores and the main timings to the "Lighthouse" section of
// docs/benchmarks.md. Build first: `npm run build && npm run bench:lighthouse`.
// Not a test: it reports against the targets and never fails a build on a score.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ENTRY = path.join(ROOT, 'server/dist/main.js');
const REPORT = path.join(ROOT, 'docs/benchmarks.md');
const OUT_DIR = path.join(ROOT, 'bench/.out');
/** `signedIn`: audited with a demo customer's session cookie; `judged`: the categories held to a target. */
const PAGES = [
  { path: '/' },
  { path: '/products/checking' },
  { path: '/loans/personal' },
  // Issue #9 judges these two on performance only (the customer area is noindex on purpose).
  { path: '/login', judged: ['performance'] },
  { path: '/user/dashboard', signedIn: true, judged: ['performance'] },
];
const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Issue #3's targets (issue #9 asks performance ≥ 95 of /login and /user/dashboard too), 0–100. */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// A fresh data directory is initialised, migrated and seeded with the demo history first: on a shared,
// loaded host that took over a minute (twice on 2026-11-24), so the wait is generous.
const START_TIMEOUT_MS = 180_000;
const HEALTH_POLL_MS = 200;
/**
 * Lighthouse's default 4× CPU slowdown assumes a desktop of benchmark index ~1000–1500 emulating a
 * mid-range phone; on a faster host 4× leaves the CPU faster than that phone, on a slower or busy one
 * it slows it further. The calibrated run uses the slowdown Lighthouse's own CPU-throttling
 * calculator gives for this host's index, as Lighthouse's docs/throttling.md advises:
 * patrickhulce/lighthouse-cpu-throttling-calculator, `computeMultiplierMessages` in pages/index.js
 * (https://lighthouse-cpu-throttling-calculator.vercel.app/). Piecewise linear in the index:
 * 1300 → 3×, +1× per 233 above (2000 → 6×); 800 → 2×, +1× per 500 up to 1300; 150 → 1×, +1× per
 * 650 up to 800. Below 150 the calculator gives no multiplier (too slow to emulate the phone): 1×.
 */
function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return 1;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
/** The calibrated run is repeated and its median (by performance score) reported, as Lighthouse advises. */
const CALIBRATED_RUNS = 3;
const SECTION_START = '<!-- lighthouse:start -->';
const SECTION_END = '<!-- lighthouse:end -->';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port) {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-lighthouse-'));
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The signed-in overview is measured with a demo customer and their three months of history.
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  return {
    origin,
    /** Signs the first demo customer in; returns the Cookie header of their session. */
    signIn: async () => {
      const text = fs.readFileSync(path.join(dataDir, DEMO_CREDENTIALS_FILE), 'utf8');
      const match = /login: {4}(\d{11})\n {2}password: (\S+)/.exec(text);
      if (!match) throw new Error(`no demo customer in ${DEMO_CREDENTIALS_FILE}`);
      const response = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ accountNumber: match[1], password: match[2] }),
      });
      if (response.status !== 200) throw new Error(`demo login answered ${response.status}`);
      return (response.headers.get('set-cookie') ?? '').split(';')[0];
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ms = (audit) => (audit?.numericValue === undefined ? '—' : `${Math.round(audit.numericValue)} ms`);

function writeSection(markdown) {
  const existing = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '# Benchmarks\n';
  const section = `${SECTION_START}\n${markdown.trim()}\n${SECTION_END}`;
  const start = existing.indexOf(SECTION_START);
  const end = existing.indexOf(SECTION_END);
  const next =
    start !== -1 && end > start
      ? existing.slice(0, start) + section + existing.slice(end + SECTION_END.length)
      : `${existing.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(REPORT, next);
}

// `--only /path` (repeatable) audits just those pages, to iterate on one; such a partial run prints
// its scores but leaves docs/benchmarks.md alone.
const only = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--only' ? [arg] : []));
const unknown = only.filter((wanted) => !PAGES.some((page) => page.path === wanted));
if (unknown.length > 0) throw new Error(`--only: no such page in the list: ${unknown.join(', ')}`);
const pages = only.length === 0 ? PAGES : PAGES.filter((page) => only.includes(page.path));

const loadAtStart = os.loadavg()[0];
const port = await freePort();
const server = await startServer(port);
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const rows = [];
const misses = [];
try {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const cookie = await server.signIn();
  const run = async (page, throttling) => {
    const url = `${server.origin}${page.path}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
      ...(throttling ? { throttling } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  };
  const row = ({ path: page }, label, lhr) => {
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const a = lhr.audits;
    const failed = lhr.runtimeError ? ` (run failed: ${lhr.runtimeError.code})` : '';
    console.log(`${page} (${label}): ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}${failed}`);
    return {
      scores,
      line: `| \`${page}\` | ${label}${failed} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${ms(a['first-contentful-paint'])} | ${ms(a['largest-contentful-paint'])} | ${ms(a['total-blocking-time'])} | ${a['cumulative-layout-shift']?.displayValue ?? '—'} |`,
    };
  };
  for (const page of pages) {
    const slug = page.path === '/' ? '-home' : page.path.replaceAll('/', '-');
    const first = await run(page);
    fs.writeFileSync(path.join(OUT_DIR, `lighthouse${slug}-default.json`), first.report);
    const index = first.lhr.environment.benchmarkIndex;
    const multiplier = Math.round(cpuSlowdownFor(index) * 10) / 10;
    rows.push(row(page, `default 4× CPU (host index ${Math.round(index)})`, first.lhr).line);
    const throttling = { ...first.lhr.configSettings.throttling, cpuSlowdownMultiplier: multiplier };
    const repeats = [];
    for (let i = 0; i < CALIBRATED_RUNS; i += 1) repeats.push(await run(page, throttling));
    repeats.sort(
      (x, y) => (x.lhr.categories.performance?.score ?? 0) - (y.lhr.categories.performance?.score ?? 0),
    );
    const second = repeats[Math.floor(repeats.length / 2)];
    fs.writeFileSync(path.join(OUT_DIR, `lighthouse${slug}.json`), second.report);
    const calibrated = row(page, `calibrated ${multiplier}× CPU, median of ${CALIBRATED_RUNS}`, second.lhr);
    rows.push(calibrated.line);
    for (const c of page.judged ?? CATEGORIES) {
      if (calibrated.scores[c] < TARGETS[c])
        misses.push(`${page.path}: ${c} ${calibrated.scores[c]} < ${TARGETS[c]}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const cpus = os.cpus();
if (only.length === 0)
  writeSection(`
## Lighthouse (public site, login, signed-in overview)

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.version}, Chromium at \`${CHROME_PATH}\`; load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (Lighthouse's CPU-bound timings — TBT above all — grow with it)
- Command: \`npm run build && npm run bench:lighthouse\` (mobile form factor, simulated throttling: Lighthouse's defaults; the built server on a fresh embedded database with the demo data; \`/user/dashboard\` with a demo customer's session cookie)
- Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ≥ ${TARGETS.seo}, judged on the calibrated run\n- Each page runs twice: Lighthouse's default 4× CPU slowdown, then the slowdown Lighthouse's CPU-throttling calculator gives for this host's benchmark index (patrickhulce/lighthouse-cpu-throttling-calculator: 3 + (index − 1300) / 233 from index 1300 up, gentler slopes below). Network: Lighthouse's Slow 4G in both.

| Page | CPU throttling | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${misses.length === 0 ? 'Every target met.' : `Missed: ${misses.join('; ')}.`} Full reports: \`bench/.out/lighthouse-*.json\`.\n\nThis host is shared with other builds, test suites and browsers (load average above, on 2 cores), and its benchmark index moves from run to run; CPU-bound figures (TBT, and LCP through render delay) vary with it far more than with our code. The default run multiplies that contention by four on top.
`);
console.log(misses.length === 0 ? 'every target met' : `missed: ${misses.join('; ')}`);
