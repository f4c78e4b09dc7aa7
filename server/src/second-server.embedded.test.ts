import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS_FILE } from './modules/seed/demo-seed';

/**
 * The PGlite data directory belongs to one process. Real processes here, started as `npm start`
 * starts them (tsx instead of the build): a second server on the same directory must exit non-zero
 * with a clear message and leave the first one serving, its data intact.
 */
const MAIN = path.join(import.meta.dirname, 'main.ts');
/** Start-up includes migrations and the demo seed (argon2 hashes, three months of history). */
const START_TIMEOUT_MS = 90_000;
const POLL_MS = 200;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-second-server-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilReady(port: number, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(gone ? 'the server exited before it was ready' : 'the server did not become ready');
}

function demoCustomer(): { login: string; password: string } {
  const text = fs.readFileSync(path.join(dataDir, DEMO_CREDENTIALS_FILE), 'utf8');
  const logins = [...text.matchAll(/login: {4}(\d{11})\n {2}password: (\S+)/g)];
  const first = logins[0];
  if (!first?.[1] || !first[2]) throw new Error(`no customer login in ${DEMO_CREDENTIALS_FILE}`);
  return { login: first[1], password: first[2] };
}

async function balanceAfterLogin(port: number, who: { login: string; password: string }): Promise<string> {
  const origin = `http://localhost:${port}`;
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ accountNumber: who.login, password: who.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie, origin } });
  expect(me.status).toBe(200);
  return ((await me.json()) as { balance: string }).balance;
}

describe('one process per data directory', () => {
  it(
    'refuses a second server on the same directory; the first keeps serving with its data',
    async () => {
      const firstPort = await freePort();
      const first = startServer(firstPort);
      await waitUntilReady(firstPort, first.exited);
      const customer = demoCustomer();
      const balanceBefore = await balanceAfterLogin(firstPort, customer);

      const second = startServer(await freePort());
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/data directory .* is in use by another Larkspur process \(pid \d+/);

      expect((await fetch(`http://127.0.0.1:${firstPort}/api/ready`)).status).toBe(200);
      expect(await balanceAfterLogin(firstPort, customer)).toBe(balanceBefore);

      // A graceful stop releases the directory: the next server opens it, data and all.
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const thirdPort = await freePort();
      const third = startServer(thirdPort);
      await waitUntilReady(thirdPort, third.exited);
      expect(await balanceAfterLogin(thirdPort, customer)).toBe(balanceBefore);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
    START_TIMEOUT_MS * 3,
  );
});
