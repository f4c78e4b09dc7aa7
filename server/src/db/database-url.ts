/**
 * `DATABASE_URL` in libpq's multi-host form (decision 0096):
 * `postgres://user:pass@h1:5432,h2:5433/bank?target_session_attrs=read-write`, what
 * `pg_autoctl show uri` and Patroni print. node-postgres accepts one host only, so the URL is split
 * into one ordinary single-host URL per host, which node-postgres parses exactly as before.
 */

/** libpq's values of `target_session_attrs`: which kind of server a session must land on. */
export const TARGET_SESSION_ATTRS = [
  'any',
  'read-write',
  'read-only',
  'primary',
  'standby',
  'prefer-standby',
] as const;
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number];

/** More hosts than this is a typo, not a formation (a primary and a few standbys). */
export const DATABASE_HOSTS_MAX = 16;

const DEFAULT_PORT = 5432;
const PORT_MAX = 65_535;

export interface DatabaseHost {
  /** As `net.connect` wants it: an IPv6 address without brackets. */
  host: string;
  port: number;
  /** A single-host URL with everything else of the original (user, database, other parameters). */
  connectionString: string;
}

export interface ParsedDatabaseUrl {
  hosts: DatabaseHost[];
  targetSessionAttrs: TargetSessionAttrs;
  /**
   * One host and no `target_session_attrs`: node-postgres takes the URL as it is, exactly as
   * before multi-host support.
   */
  plain: boolean;
}

export class DatabaseUrlError extends Error {}

const URL_PATTERN = /^(postgres(?:ql)?:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;
const HOST_PATTERN = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+))(?::(\d+))?$/;

function parseHost(text: string): { host: string; port: number; authority: string } {
  const match = HOST_PATTERN.exec(text);
  if (!match) throw new DatabaseUrlError(`DATABASE_URL has an invalid host "${text}"`);
  const [, ipv6, name, portText] = match;
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > PORT_MAX) {
    throw new DatabaseUrlError(`DATABASE_URL has an invalid port in "${text}"`);
  }
  const host = ipv6 ?? name ?? '';
  const authority = `${ipv6 === undefined ? host : `[${ipv6}]`}:${port}`;
  return { host, port, authority };
}

/** Splits a (possibly multi-host) PostgreSQL URL. Throws DatabaseUrlError with a one-line message. */
export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  const match = URL_PATTERN.exec(url);
  if (!match) throw new DatabaseUrlError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  const [, scheme = '', authority = '', pathname = '', search = ''] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? '' : authority.slice(0, at + 1);
  const hostList = authority.slice(at + 1);

  const params = new URLSearchParams(search);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (!(TARGET_SESSION_ATTRS as readonly string[]).includes(attrs)) {
    throw new DatabaseUrlError(
      `DATABASE_URL target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')}`,
    );
  }
  const targetSessionAttrs = attrs as TargetSessionAttrs;
  const hostTexts = hostList.split(',');
  if (hostTexts.length === 1 && !params.has('target_session_attrs')) {
    // Plain URL: left to node-postgres untouched (it also knows hostless and socket forms).
    const only = hostTexts[0] ?? '';
    const parsed = HOST_PATTERN.test(only) ? parseHost(only) : { host: only, port: DEFAULT_PORT };
    return {
      hosts: [{ host: parsed.host, port: parsed.port, connectionString: url }],
      targetSessionAttrs,
      plain: true,
    };
  }
  if (hostTexts.length > DATABASE_HOSTS_MAX) {
    throw new DatabaseUrlError(`DATABASE_URL may name at most ${DATABASE_HOSTS_MAX} hosts`);
  }
  params.delete('target_session_attrs');
  const rest = params.size > 0 ? `?${params.toString()}` : '';
  const hosts = hostTexts.map((text) => {
    const { host, port, authority: hostPort } = parseHost(text);
    return { host, port, connectionString: `${scheme}${userinfo}${hostPort}${pathname}${rest}` };
  });
  return { hosts, targetSessionAttrs, plain: false };
}
