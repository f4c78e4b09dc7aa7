import net from 'node:net';

/**
 * Loopback: this machine talking to itself. Used for what only a developer at the keyboard may
 * reach (the dev mailbox) and for the Host names an embedded bank answers to.
 */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

const LOOPBACK_ADDRESSES = new net.BlockList();
LOOPBACK_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK_ADDRESSES.addAddress('::1', 'ipv6');

/** A socket peer address on this machine: 127.0.0.0/8 (also mapped into IPv6) or ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address === undefined ? 0 : net.isIP(address);
  if (address === undefined || family === 0) return false;
  return LOOPBACK_ADDRESSES.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** `host` (a Host header: name, optional :port) names this machine, on any port. */
export function isLoopbackHost(host: string): boolean {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.toLowerCase());
  return match !== null && LOOPBACK_HOSTNAMES.has(match[1] ?? '');
}
