// npm run formation:up [-- --dir DIR --port-base N --database NAME --default-timeouts]
//
// A local pg_auto_failover formation for development and tests (scripts/lib/formation.ts): a
// monitor and two data nodes on free loopback ports from 6100, trust authentication, no TLS, under
// DIR (default $TMPDIR/larkspur-formation; whatever an earlier run left there is torn down first).
// Prints the multi-host DATABASE_URL for the app and the monitor URI; writes DIR/state.json, which
// `npm run formation:down` and the bank test use. Failover timeouts are shortened (tests only)
// unless --default-timeouts.
import { parseArgs } from 'node:util';
import { DEFAULT_DIR, formationUp, stateFile } from './lib/formation';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    'port-base': { type: 'string' },
    database: { type: 'string' },
    'default-timeouts': { type: 'boolean', default: false },
  },
});

const started = Date.now();
try {
  const state = await formationUp({
    dir: values.dir ?? DEFAULT_DIR,
    portBase: values['port-base'] === undefined ? undefined : Number(values['port-base']),
    database: values.database,
    fast: !values['default-timeouts'],
    log: (line) => console.log(`formation: ${line}`),
  });
  console.log(
    `formation: up in ${((Date.now() - started) / 1000).toFixed(1)} s (state in ${stateFile(state.dir)})`,
  );
  console.log(`DATABASE_URL=${state.databaseUrl}`);
  console.log(`MONITOR_URI=${state.monitorUri}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
