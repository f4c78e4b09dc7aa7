import { describe, expect, it } from 'vitest';
import { DATABASE_HOSTS_MAX, DatabaseUrlError, parseDatabaseUrl } from './database-url';

describe('parseDatabaseUrl', () => {
  it('leaves a plain single-host URL to node-postgres untouched', () => {
    const url = 'postgres://bank:s%40cret@db.internal:6543/larkspur?sslmode=require';
    expect(parseDatabaseUrl(url)).toEqual({
      hosts: [{ host: 'db.internal', port: 6543, connectionString: url }],
      targetSessionAttrs: 'any',
      plain: true,
    });
    expect(parseDatabaseUrl('postgresql://localhost/bank').hosts[0]).toMatchObject({
      host: 'localhost',
      port: 5432,
    });
  });

  it('splits the multi-host URI pg_autoctl prints into single-host URLs, in order', () => {
    const parsed = parseDatabaseUrl(
      'postgres://autoctl:pw@127.0.0.1:5501,127.0.0.1:5502/larkspur?target_session_attrs=read-write&sslmode=prefer',
    );
    expect(parsed.plain).toBe(false);
    expect(parsed.targetSessionAttrs).toBe('read-write');
    expect(parsed.hosts).toEqual([
      {
        host: '127.0.0.1',
        port: 5501,
        connectionString: 'postgres://autoctl:pw@127.0.0.1:5501/larkspur?sslmode=prefer',
      },
      {
        host: '127.0.0.1',
        port: 5502,
        connectionString: 'postgres://autoctl:pw@127.0.0.1:5502/larkspur?sslmode=prefer',
      },
    ]);
  });

  it('reads IPv6 hosts, default ports, a user without password and no database', () => {
    const parsed = parseDatabaseUrl('postgres://me@[::1]:5433,db2,[fe80::1]?target_session_attrs=primary');
    expect(parsed.targetSessionAttrs).toBe('primary');
    expect(parsed.hosts.map(({ host, port }) => `${host}|${port}`)).toEqual([
      '::1|5433',
      'db2|5432',
      'fe80::1|5432',
    ]);
    expect(parsed.hosts[0]?.connectionString).toBe('postgres://me@[::1]:5433');
  });

  it('keeps an @ inside the password (the last @ ends the user part)', () => {
    const parsed = parseDatabaseUrl('postgres://u:p@ss@h1:1,h2:2/db');
    expect(parsed.hosts[1]?.connectionString).toBe('postgres://u:p@ss@h2:2/db');
  });

  it('a single host with target_session_attrs is checked, not plain', () => {
    const parsed = parseDatabaseUrl('postgres://h/db?target_session_attrs=read-write');
    expect(parsed.plain).toBe(false);
    expect(parsed.hosts).toEqual([{ host: 'h', port: 5432, connectionString: 'postgres://h:5432/db' }]);
  });

  it.each([
    ['postgres://h1,h2/db?target_session_attrs=sometimes', /target_session_attrs must be one of/],
    ['postgres://h1:0,h2/db', /invalid port/],
    ['postgres://h1:99999,h2/db', /invalid port/],
    ['postgres://h1,,h2/db', /invalid host ""/],
    ['postgres://h1:5432:1,h2/db', /invalid host/],
    ['mysql://h1,h2/db', /must be a postgres/],
    [
      `postgres://${Array.from({ length: DATABASE_HOSTS_MAX + 1 }, (_, i) => `h${i}`).join(',')}/db`,
      /at most/,
    ],
  ])('rejects %s with a clear message', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl(url)).toThrow(message);
  });
});
