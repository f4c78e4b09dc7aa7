// Bundles the server into dist/main.js (the workspace's TypeScript, including @larkspur/contract,
// compiled in; npm dependencies left as imports) and copies the migrations and the SQL functions beside it.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  // The statement worker (decision 0193) is its own entry: main.js starts dist/statement-worker.js.
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'statement-worker': path.join(here, 'src/modules/ledger/documents/statement-worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
fs.cpSync(path.join(here, 'src/db/functions'), path.join(here, 'dist/functions'), { recursive: true });
console.log('server built: server/dist/main.js');
