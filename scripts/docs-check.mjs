#!/usr/bin/env node
// Keeps the docs a map of the code (issue 29): every decision record has one spelling of status and
// one of the named areas, docs/decisions/README.md is the index those records make, and every
// repository path a doc names in backticks exists. `--write` regenerates the index; without it the
// script only checks, and `npm run lint` runs it so a stale index or a dead path fails CI.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const decisionsDir = path.join(root, 'docs/decisions');
const indexFile = path.join(decisionsDir, 'README.md');

/** The areas, in the index's order. A record names exactly one. */
export const AREAS = [
  'Foundations and tooling',
  'Ledger and money movements',
  'Checks and holds',
  'Payments: payees, schedules, international, statements',
  'Loans',
  'Cards',
  'Identity and security',
  'Back office and staff',
  'Customer screens',
  'Public site and performance',
  'Email and alerts',
  'Database and reliability',
];

/** `accepted` or `proposed` (a note in brackets may follow), or `superseded by NNNN`. */
const STATUS = /^(accepted|proposed|superseded by (\d{4}))\b/;
const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
/** Paths that a build or a run makes: named in docs, absent from a fresh clone. */
const GENERATED = /(^|\/)(dist|\.artifacts|\.out|node_modules)(\/|$)/;
const REPO_PATH = /`((?:server|web|contract|scripts|bench|e2e|docs)\/[A-Za-z0-9_./-]+)`/g;

function readRecords(problems) {
  const records = [];
  for (const file of fs.readdirSync(decisionsDir).sort()) {
    const match = RECORD_FILE.exec(file);
    if (!match) continue;
    const lines = fs.readFileSync(path.join(decisionsDir, file), 'utf8').split('\n');
    const heading = /^# (\d{4})\. (.+)$/.exec(lines[0] ?? '');
    const field = (name) =>
      lines
        .slice(0, 12)
        .find((line) => line.startsWith(`- ${name}: `))
        ?.slice(name.length + 4)
        .trim();
    const status = field('Status') ?? '';
    const area = field('Area') ?? '';
    if (!heading || heading[1] !== match[1])
      problems.push(`${file}: the first line is "# ${match[1]}. Title"`);
    const statusMatch = STATUS.exec(status);
    if (!statusMatch)
      problems.push(`${file}: status "${status}" is not accepted, proposed or superseded by NNNN`);
    if (!AREAS.includes(area)) problems.push(`${file}: area "${area}" is not one of: ${AREAS.join('; ')}`);
    records.push({
      number: match[1],
      file,
      title: heading?.[2] ?? file,
      status,
      supersededBy: statusMatch?.[2],
      area,
    });
  }
  const numbers = new Set(records.map((r) => r.number));
  for (const record of records) {
    if (record.supersededBy && !numbers.has(record.supersededBy))
      problems.push(`${record.file}: superseded by ${record.supersededBy}, which does not exist`);
  }
  if (numbers.size !== records.length) problems.push('two decision records share a number');
  return records;
}

function renderIndex(records) {
  const out = [
    '# Decision records',
    '',
    'Why the code is the way it is: one record per decision (context, decision, consequences), numbered',
    'in the order they were taken. A new record copies `000-template.md`, names its status and one area;',
    'this index is generated from them by `node scripts/docs-check.mjs --write` (`npm run lint` fails',
    'when it is stale). A record that is superseded says by which, and stays for its history.',
    '',
  ];
  for (const area of AREAS) {
    const inArea = records.filter((r) => r.area === area);
    if (inArea.length === 0) continue;
    out.push(`## ${area}`, '', '| Record | Status |', '| --- | --- |');
    for (const r of inArea)
      out.push(
        `| [${r.number}. ${r.title.replaceAll('|', '\\|')}](${r.file}) | ${r.status.replaceAll('|', '\\|')} |`,
      );
    out.push('');
  }
  return out.join('\n');
}

function markdownFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

function checkPaths(problems) {
  for (const file of [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, named] of text.matchAll(REPO_PATH)) {
      const clean = named.replace(/[.,:;]+$/, '');
      if (GENERATED.test(clean)) continue;
      if (!fs.existsSync(path.join(root, clean)))
        problems.push(`${path.relative(root, file)}: names \`${clean}\`, which does not exist`);
    }
  }
}

/**
 * docs/product.md §8 quotes the refusals the bank keeps word for word; each must still be a
 * message of the error catalogue, so a catalogue edit cannot quietly leave the page wrong.
 */
function checkProductMessages(problems) {
  const product = fs.readFileSync(path.join(root, 'docs/product.md'), 'utf8');
  const catalogue = fs.readFileSync(path.join(root, 'contract/src/errors.ts'), 'utf8');
  const section = product.split(/^## 8\. /m)[1]?.split(/^## /m)[0] ?? '';
  const rows = [...section.matchAll(/^\| ([^|]+?) \| [^|]+ \|$/gm)].map((m) => m[1]);
  const messages = rows.filter((message) => message !== 'Message' && !/^-+$/.test(message));
  if (messages.length === 0) problems.push('docs/product.md: §8 lists no messages');
  for (const message of messages)
    if (!catalogue.includes(`'${message}'`) && !catalogue.includes(`"${message}"`))
      problems.push(`docs/product.md §8: "${message}" is not a message of contract/src/errors.ts`);
}

const problems = [];
const records = readRecords(problems);
checkPaths(problems);
checkProductMessages(problems);
const index = renderIndex(records);
if (process.argv.includes('--write')) {
  fs.writeFileSync(indexFile, index);
} else if (!fs.existsSync(indexFile) || fs.readFileSync(indexFile, 'utf8') !== index) {
  problems.push('docs/decisions/README.md is stale: run `node scripts/docs-check.mjs --write`');
}
if (problems.length > 0) {
  console.error(`docs-check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
