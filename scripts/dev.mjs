#!/usr/bin/env node
// `npm run dev`: the API (restarted on change) and Vite (hot reload, proxying /api) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: apiPort, PUBLIC_ORIGIN: 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    env: { ...process.env, LARKSPUR_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];
console.log('\n  Larkspur Bank (development): open http://localhost:5173\n');

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
