import { describe, expect, it } from 'vitest';
import { chooseLogFormat, formatLogLine, PRETTY_EXTRA_MAX_CHARS, prettyLogStream } from './log-format';

describe('chooseLogFormat', () => {
  it('auto: readable on a terminal, JSON when piped or redirected', () => {
    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
  });

  it('a setting forces either, whatever stdout is', () => {
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('json', false)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(chooseLogFormat('pretty', true)).toBe('pretty');
  });
});

describe('formatLogLine', () => {
  const time = new Date(2026, 10, 24, 9, 5, 7).getTime();

  it('turns a request log into one short line: time, level, method, url, status, duration, message', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      res: { statusCode: 200 },
      req: { method: 'GET', url: '/api/me' },
      responseTime: 3.4,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe('09:05:07 INFO  GET /api/me 200 3 ms request completed\n');
  });

  it('keeps other fields, cut to a line', () => {
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'slow', signal: 'SIGTERM' }))).toBe(
      '09:05:07 WARN  slow {"signal":"SIGTERM"}\n',
    );
    const long = formatLogLine(JSON.stringify({ level: 50, time, msg: 'boom', err: 'x'.repeat(1000) }));
    expect(long.length).toBeLessThan(PRETTY_EXTRA_MAX_CHARS + 40);
    expect(long).toMatch(/^09:05:07 ERROR boom \{"err":"x+…\n$/);
  });

  it('passes through a line that is not JSON', () => {
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });
});

describe('prettyLogStream', () => {
  it('writes each JSON line it gets as a readable line', () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => written.push(text) });
    stream.write(`${JSON.stringify({ level: 30, time: 0, msg: 'a' })}\n`);
    stream.write(`${JSON.stringify({ level: 30, time: 0, msg: 'b' })}\n`);
    expect(written.map((line) => line.slice(9))).toEqual(['INFO  a\n', 'INFO  b\n']);
  });
});
