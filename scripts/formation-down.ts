// npm run formation:down [-- --dir DIR]
//
// Stops everything the formation in DIR runs (monitor, keepers, their PostgreSQL servers, and any
// leftover of a crashed run: every process whose command line names DIR) and removes DIR. Touches
// no other PostgreSQL (the machine's server on 5432 included).
import { parseArgs } from 'node:util';
import { DEFAULT_DIR, formationDown } from './lib/formation';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const dir = values.dir ?? DEFAULT_DIR;
const { killed } = formationDown(dir);
console.log(`formation: down (${killed} process(es) stopped, ${dir} removed)`);
