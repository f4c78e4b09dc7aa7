/**
 * How log lines look (LOG_FORMAT, decision 0123): JSON, one object a line, for log collectors; or
 * short readable lines for a person watching a terminal. `auto` picks readable when stdout is a
 * terminal and JSON when it is not (a pipe, a file, a container's log driver), so `npm start`
 * reads well and production stays machine-readable without anyone setting anything.
 */
export const logFormatSettings = ['auto', 'json', 'pretty'] as const;
export type LogFormatSetting = (typeof logFormatSettings)[number];
export type LogFormat = Exclude<LogFormatSetting, 'auto'>;

export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTty: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTty ? 'pretty' : 'json';
}

/** pino's numeric levels. */
const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's own fields, and the request/response objects summarised in the line's head. */
const SHOWN_ELSEWHERE = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'reqId',
  'responseTime',
]);
/** A readable line stays a line: long extra fields are cut. */
export const PRETTY_EXTRA_MAX_CHARS = 300;

const pad2 = (n: number) => String(n).padStart(2, '0');

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One JSON log line as a readable one: `12:04:05 INFO  GET /api/me 200 3 ms request completed`.
 * Anything that is not a JSON object is passed through unchanged (it is still worth seeing).
 */
export function formatLogLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!isRecord(entry)) return `${line.trimEnd()}\n`;
  const level = typeof entry.level === 'number' ? (levelNames[entry.level] ?? String(entry.level)) : 'INFO';
  const parts = [clock(entry.time), level.padEnd(5)];
  const req = isRecord(entry.req) ? entry.req : null;
  const res = isRecord(entry.res) ? entry.res : null;
  if (req && typeof req.method === 'string' && typeof req.url === 'string') parts.push(req.method, req.url);
  if (res && typeof res.statusCode === 'number') parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  if (typeof entry.msg === 'string') parts.push(entry.msg);
  const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !SHOWN_ELSEWHERE.has(key)));
  if (Object.keys(extra).length > 0) {
    const text = JSON.stringify(extra);
    parts.push(text.length > PRETTY_EXTRA_MAX_CHARS ? `${text.slice(0, PRETTY_EXTRA_MAX_CHARS)}…` : text);
  }
  return `${parts.join(' ')}\n`;
}

/** A pino destination that writes each line readable to `out` (process.stdout in the server). */
export function prettyLogStream(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(chunk: string) {
      // pino writes one line per call; split anyway in case a caller batches.
      for (const line of chunk.split('\n')) if (line.trim() !== '') out.write(formatLogLine(line));
    },
  };
}
