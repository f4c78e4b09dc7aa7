import fs from 'node:fs';

/**
 * Replaces what lies between `start` and `end` in a Markdown file (markers included), or appends
 * `## heading` and the marked block when the markers are not there yet. Everything outside the
 * markers is left as it is: people write their reading of the figures there.
 */
export function writeMarkedSection(options: {
  file: string;
  heading: string;
  start: string;
  end: string;
  body: string;
}): void {
  const { file, heading, start, end, body } = options;
  const generated = `${start}\n${body}\n${end}`;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const from = existing.indexOf(start);
  const to = from === -1 ? -1 : existing.indexOf(end, from);
  const next =
    from !== -1 && to !== -1
      ? existing.slice(0, from) + generated + existing.slice(to + end.length)
      : `${existing.trimEnd()}\n\n## ${heading}\n\n${generated}\n`;
  fs.writeFileSync(file, next);
}
