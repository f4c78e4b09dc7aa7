// npm run ledger:verify — checks the ledger's invariants against the configured database
// (DATA_DIR or DATABASE_URL): every entry balances, every cached balance equals the sum of its
// postings, no customer balance is negative, every record points at its owner's entry, and all
// balances sum to zero; and for check-deposit holds, no available balance is negative, held cents
// add up to the active holds, holds match their records, ended holds hold nothing, and every
// returned check has its reversing entry. Prints each violation; exits 1 if there is any.
// Needs only DATA_DIR or DATABASE_URL (decision 0195); it reads and never migrates.
import { verifyLedger } from '../server/src/modules/ledger/verify';
import { withDatabaseOnly } from './lib/with-database';

await withDatabaseOnly(async (database) => {
  const { violations, stats } = await verifyLedger(database.db);
  console.log(
    `Ledger (${database.kind}): ${stats.accounts} accounts, ${stats.entries} journal entries, ${stats.records} transaction records; sum of all balances ${stats.sum} cents.`,
  );
  if (violations.length === 0) {
    console.log('ledger:verify: OK — no violations.');
    return 0;
  }
  for (const v of violations) console.log(`VIOLATION [${v.rule}] ${v.detail}`);
  console.log(`ledger:verify: ${violations.length} violation(s).`);
  return 1;
});
