import fs from 'node:fs';

/** Debian's Chromium; never a browser downloaded by a test tool. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
}

export function chromiumAvailable(): boolean {
  return fs.existsSync(chromiumPath());
}

/** Flags that work here as root with no network but loopback (TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
